import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketFrom, createTestApi } from '../helpers/api';
import { createTalent } from '../helpers/users';

// GET /api/metrics (docs/architecture.md "Metrics"): Prometheus' text format behind METRICS_TOKEN.
// Without the token configured, or with a wrong one, it answers like a route that does not exist;
// requests are labelled by their route pattern, never by the path asked for.

const TOKEN = 'metrics-token-for-tests-0123456789';

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi({ metricsToken: TOKEN });
});
afterAll(() => api.close());

async function scrape(authorization?: string, app = api.app) {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  const res = await app.request('/api/metrics', { headers }, socketFrom());
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of the sample `name{labels}` (labels in prom-client's order), 0 when absent. */
function sample(text: string, name: string, labels: string) {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('GET /api/metrics', () => {
  it('answers 404 as a missing route without the token, with a wrong one, or when none is configured', async () => {
    const missing = await api.app.request('/api/no-such-route', {}, socketFrom());
    const missingBody = await missing.text();
    for (const auth of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const r = await scrape(auth);
      expect(r.status).toBe(404);
      expect(r.text).toBe(missingBody);
    }
    const unset = await createTestApi();
    try {
      expect((await scrape(`Bearer ${TOKEN}`, unset.app)).status).toBe(404);
      expect((await scrape('Bearer ', unset.app)).status).toBe(404);
    } finally {
      await unset.close();
    }
  });

  it('answers the Prometheus text format with the token', async () => {
    const r = await scrape(`Bearer ${TOKEN}`);
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^text\/plain/);
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'notification_streams_open',
      'job_queue_depth',
      'process_resident_memory_bytes',
    ]) {
      expect(r.text).toContain(`# TYPE ${name} `);
    }
  });

  it('counts requests by route pattern and status class, never by the raw path', async () => {
    const talent = await createTalent(api);
    const route = 'method="GET",route="/api/users/id/:id",status="2xx"';
    const before = sample((await scrape(`Bearer ${TOKEN}`)).text, 'http_requests_total', route);
    for (let i = 0; i < 3; i++) {
      expect((await api.call('GET', `/users/id/${talent.id}`)).status).toBe(200);
    }
    const made = `/api/made-up-${Date.now()}`;
    await api.app.request(made, {}, socketFrom());
    const text = (await scrape(`Bearer ${TOKEN}`)).text;
    expect(sample(text, 'http_requests_total', route)).toBe(before + 3);
    expect(text).not.toContain(`/api/users/id/${talent.id}"`);
    expect(text).not.toContain(made);
    expect(
      sample(text, 'http_requests_total', 'method="GET",route="unmatched",status="4xx"'),
    ).toBeGreaterThan(0);
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBeGreaterThanOrEqual(
      before + 3,
    );
  });

  it('reports open notification streams as they open and close', async () => {
    const talent = await createTalent(api);
    const gauge = async () => {
      const line = (await scrape(`Bearer ${TOKEN}`)).text
        .split('\n')
        .find((l) => l.startsWith('notification_streams_open '));
      return Number(line?.split(' ')[1]);
    };
    const before = await gauge();
    const controller = new AbortController();
    const res = await api.app.request(
      '/api/notifications/stream',
      { headers: { authorization: `Bearer ${talent.token}` }, signal: controller.signal },
      socketFrom(),
    );
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read(); // 'ready': the loop runs
    expect(await gauge()).toBe(before + 1);
    await reader.cancel();
    controller.abort();
    await expect.poll(gauge).toBe(before);
  });
});
