import { createApp } from '@/server/app';
import type { TDeps } from '@/server/context';
import { createTestDb } from './db';

export type TJson = Record<string, unknown> & { status: boolean; data?: unknown };

/** An in-process API over a fresh database, with a clock tests can move. */
export async function createTestApi(overrides: Partial<TDeps> = {}) {
  const handle = await createTestDb();
  const clock = { now: new Date() };
  const deps: TDeps = { getDb: async () => handle.db, now: () => clock.now, ...overrides };
  const app = createApp(deps);

  async function call(
    method: string,
    path: string,
    opts: {
      body?: unknown;
      rawBody?: string;
      token?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    const res = await app.request(`/api${path}`, { method, headers, body });
    const json = (await res.json()) as TJson;
    return { res, status: res.status, json };
  }

  return { app, db: handle.db, deps, clock, call, close: handle.close };
}
