import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { TDeps } from '@/server/context';
import type { TUser } from '@/types/user';
import { createTestApi } from './api';
import { movePageTo } from './page-origin';
import { createUser } from './users';

/**
 * The real API over a fresh database, served on 127.0.0.1, for component tests: the page (jsdom)
 * is moved to the server's origin, so the app's own HTTP client reaches it as a browser does, at
 * `/api`. `failNext` makes the next calls of one route answer 500, as a broken server would;
 * `dropNext` drops them with no answer at all, as when the connection is lost.
 */
export async function startClientApi(overrides: Partial<TDeps> = {}) {
  // A Uint8Array of this realm: jose checks the key's class, and jsdom's differs from Node's Buffer.
  const api = await createTestApi({ jwtSecret: new Uint8Array(randomBytes(32)), ...overrides });
  const faults: { route: string; body?: RegExp; left: number }[] = [];
  const holds: { route: string; released: Promise<void>; answered: () => void }[] = [];
  /** Every call the page made, as `METHOD /path body`. */
  const requests: string[] = [];
  const listener = getRequestListener(
    async (req: Request, env: unknown) => {
      const route = `${req.method} ${new URL(req.url).pathname.replace(/^\/api/, '')}`;
      const body = req.body ? await req.clone().text() : '';
      requests.push(body ? `${route} ${body}` : route);
      const fault = faults.find(
        (f) => f.left > 0 && f.route === route && (!f.body || f.body.test(body)),
      );
      if (fault) {
        fault.left -= 1;
        return Response.json({ status: false, code: 'internal' }, { status: 500 });
      }
      const hold = holds.findIndex((h) => h.route === route);
      if (hold < 0) return api.app.fetch(req, env as never);
      const [{ released, answered }] = holds.splice(hold, 1) as [(typeof holds)[number]];
      // The server does its work now; the page hears of it when the test releases it.
      const response = await api.app.fetch(req, env as never);
      answered();
      await released;
      return response;
    },
    { overrideGlobalObjects: false },
  );
  const drops: { route: string; left: number }[] = [];
  const streams = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const route = `${req.method} ${(req.url ?? '').split('?')[0]!.replace(/^\/api/, '')}`;
    if (route === 'GET /notifications/stream') {
      streams.add(req.socket);
      req.socket.once('close', () => streams.delete(req.socket));
    }
    const drop = drops.find((d) => d.left > 0 && d.route === route);
    if (!drop) return void listener(req, res);
    drop.left -= 1;
    requests.push(`${route} (dropped)`);
    req.socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  movePageTo(origin);

  /** A new user in the database, and their session as the sign-in answers it. */
  async function signUp(opts: Parameters<typeof createUser>[2] = {}) {
    const created = await createUser(api.db, api.deps, opts);
    const { json } = await api.call('GET', `/users/id/${created.id}`, { token: created.token });
    return { ...created, session: { user: json.data as TUser, accessToken: created.token } };
  }

  return {
    ...api,
    origin,
    signUp,
    requests,
    /** The next `times` calls of this route (whose body matches `body`, if given) answer 500. */
    failNext(
      method: string,
      path: string,
      { times = 1, body }: { times?: number; body?: RegExp } = {},
    ) {
      faults.push({ route: `${method} ${path}`, body, left: times });
    },
    /**
     * The next call of this route runs at once, but its answer reaches the page only on
     * `release()`: what happens meanwhile falls between the server's work and the page's hearing
     * of it. `answered` settles when the server has done the work.
     */
    holdNext(method: string, path: string) {
      let release!: () => void;
      let answered!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const done = new Promise<void>((resolve) => (answered = resolve));
      holds.push({ route: `${method} ${path}`, released, answered });
      return { release, answered: done };
    },
    /** The next `times` calls of this route get no answer: the connection drops (offline). */
    dropNext(method: string, path: string, { times = 1 }: { times?: number } = {}) {
      drops.push({ route: `${method} ${path}`, left: times });
    },
    /** Ends the open notification streams (and nothing else), as a network change would. */
    endStreams() {
      for (const socket of streams) socket.destroy();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
    },
  };
}
