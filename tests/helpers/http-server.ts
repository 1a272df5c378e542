import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { TApp } from '@/server/app';
import { checkAnswer } from './openapi-check';

/**
 * Serves the app over real HTTP on 127.0.0.1, mounted as pages/api mounts it, so that tests see
 * real sockets: the client address comes from the connection, as in production.
 */
export async function serveOverHttp(app: TApp) {
  const server = http.createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** One JSON request sent from `from` (any 127.x.y.z address works on Linux without setup). */
  function request(
    method: string,
    path: string,
    opts: { body?: unknown; from?: string; headers?: Record<string, string>; token?: string } = {},
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; json: Record<string, unknown> }> {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const headers: Record<string, string> = { ...opts.headers };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: `/api${path}`,
          headers,
          localAddress: opts.from ?? '127.0.0.1',
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const json = JSON.parse(text) as Record<string, unknown>;
            try {
              checkAnswer({
                method,
                path,
                status: res.statusCode ?? 0,
                contentType: res.headers['content-type'] ?? null,
                body: json,
              });
            } catch (error) {
              reject(error as Error);
              return;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** POST /users/login over the socket, as createTestApi's `login` does in process. */
  const login = (
    email: string,
    password: string,
    opts: { from?: string; headers?: Record<string, string> } = {},
  ) => request('POST', '/users/login', { body: { email, password }, ...opts });

  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { port, request, login, close };
}
