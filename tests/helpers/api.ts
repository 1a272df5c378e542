import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rateLimits } from '@/db/schema';
import type { DbHandle } from '@/db/types';
import { createApp } from '@/server/app';
import type { TMail } from '@/server/mail/mailer';
import type { TChains, TDeps } from '@/server/context';
import { diskStorage } from '@/server/storage/storage';
import { createTestDb } from './db';
import { checkAnswer } from './openapi-check';
import { drainQueue } from './queue';

export type TJson = Record<string, unknown> & { status: boolean; data?: unknown };

/** The bindings @hono/node-server passes: the Node request, whose socket has the peer address. */
export const socketFrom = (ip = '127.0.0.1') => ({ incoming: { socket: { remoteAddress: ip } } });

/** Chains on port 9, where nothing answers: a test that reads a chain passes its own peer. */
export const OFFLINE_CHAINS: TChains = {
  algorand: { network: 'mainnet', indexerUrl: 'http://127.0.0.1:9' },
  near: { network: 'mainnet', rpcUrl: 'http://127.0.0.1:9', contractId: 'talentchain.near' },
};

/**
 * An in-process API over a fresh database (or the test's own `db`, which it then closes), with a
 * clock tests can move. Uploads go to a fresh directory (`uploadsDir`) unless the test passes its
 * own `storage`.
 */
export async function createTestApi(overrides: Partial<TDeps> = {}, opts: { db?: DbHandle } = {}) {
  const handle = opts.db ?? (await createTestDb());
  const clock = { now: new Date() };
  /** Mail the app sent, newest last (tests that need a real SMTP peer pass their own mailer). */
  const outbox: TMail[] = [];
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-uploads-'));
  const deps: TDeps = {
    getDb: async () => handle.db,
    now: () => clock.now,
    jwtSecret: randomBytes(32),
    mailer: { send: async (mail) => void outbox.push(mail) },
    google: {
      clientId: 'test-client.apps.googleusercontent.com',
      jwksUrl: 'http://127.0.0.1:9/jwks',
    },
    verificationsEmail: 'verify@talentchain.test',
    storage: diskStorage(uploadsDir),
    appUrl: 'http://app.test',
    trustProxy: 0,
    chains: OFFLINE_CHAINS,
    ...overrides,
  };
  const app = createApp(deps);

  async function call(
    method: string,
    path: string,
    opts: {
      body?: unknown;
      rawBody?: string;
      token?: string;
      headers?: Record<string, string>;
      /** The socket's peer address, as @hono/node-server hands it over (default 127.0.0.1). */
      ip?: string;
    } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    const res = await app.request(`/api${path}`, { method, headers, body }, socketFrom(opts.ip));
    const json = (await res.json()) as TJson;
    checkAnswer({
      method,
      path,
      status: res.status,
      contentType: res.headers.get('content-type'),
      body: json,
    });
    // What the call queued (its e-mails) runs now, as this instance's woken worker would (not
    // when the test's database is down on purpose).
    if (await deps.getDb().then(Boolean, () => false)) await drainQueue(deps);
    return { res, status: res.status, json };
  }

  /**
   * Signs a user in the one way API tests do: POST /users/login with `email` and `password`, from
   * `ip` when given (files that sign in often give each call its own address). The raw answer, so a
   * test can check a refusal too. Over real sockets: serveOverHttp(app).login.
   */
  const login = (
    email: string,
    password: string,
    opts: { ip?: string; headers?: Record<string, string> } = {},
  ) => call('POST', '/users/login', { body: { email, password }, ...opts });

  /**
   * Empties the rate-limit counters. Files that post, apply and move more in a few seconds than a
   * person does in an hour start each test with fresh ones; the limits have tests of their own
   * (tests/api/flood-limits.test.ts).
   */
  const resetRateLimits = async () => {
    await handle.db.delete(rateLimits);
  };

  const close = async () => {
    await handle.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  };
  return {
    app,
    db: handle.db,
    deps,
    clock,
    outbox,
    uploadsDir,
    call,
    login,
    resetRateLimits,
    close,
  };
}
