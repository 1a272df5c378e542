import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketFrom, createTestApi } from '../helpers/api';
import { createTalent } from '../helpers/users';

// The drain at SIGTERM (docs/deploy.md "Stopping"): the production server (scripts/serve.mjs)
// runs the drain steps when it stops accepting connections. The hub's ends every open
// notification stream, so that its client reconnects to another instance, and refuses new ones
// (503). In a file of its own: once drained, this process's hub stays drained.

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const openStream = (token: string) =>
  api.app.request(
    '/api/notifications/stream',
    { headers: { authorization: `Bearer ${token}` } },
    socketFrom(),
  );

/** What the process's shutdown holds (db/client.ts). */
const shutdown = () =>
  (globalThis as unknown as { __talentShutdown: { drains: Set<() => void> } }).__talentShutdown;

describe('drain at shutdown', () => {
  it('ends the open streams and refuses new ones', async () => {
    const talent = await createTalent(api);
    const res = await openStream(talent.token);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: ready');

    expect(shutdown().drains.size).toBeGreaterThan(0);
    for (const drain of shutdown().drains) drain();

    // The stream ends (without waiting for a keep-alive: that would take 15 s).
    let done = false;
    while (!done) done = (await reader.read()).done;
    const again = await openStream(talent.token);
    expect(again.status).toBe(503);
  });
});
