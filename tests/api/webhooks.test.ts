import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhooks } from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { sweepDeadlines } from '@/server/services/discovery/deadlines';
import {
  createdWebhookAnswer,
  deletedWebhookAnswer,
  webhookAnswer,
  webhookDeliveriesPage,
} from '@/server/openapi/answers/webhooks';
import { ok } from '@/server/openapi/registry';
import {
  DISABLE_AFTER,
  MAX_ATTEMPTS,
  post,
  RETRY_DELAYS_SECONDS,
  sweepWebhooksJob,
  TIMEOUT_MS,
} from '@/server/services/open/webhook-delivery';
import { createTestApi } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { errorsOf, expectRefusal, pipelineFixtures } from '../helpers/marketplace';
import { drainQueue } from '../helpers/queue';
import { createTalent } from '../helpers/users';

// A company's webhooks (docs/api.md "Webhooks", docs/security.md "Webhook addresses"), end to
// end with a real HTTP receiver on 127.0.0.1 (WEBHOOKS_ALLOW_PRIVATE's deps flag on, as tests
// set it) that checks every signature with the `standardwebhooks` package. Both databases.

type TReceived = { path: string; headers: http.IncomingHttpHeaders; body: string };
const received: TReceived[] = [];
/** Per path, the statuses to answer in turn (the last one repeats); 200 when none. */
const plans = new Map<string, number[]>();
let receiver: http.Server;
let base = '';

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const plan = plans.get(req.url ?? '') ?? [200];
      const status = plan.length > 1 ? plan.shift()! : plan[0]!;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status >= 300 ? `receiver says ${status} ${'x'.repeat(400)}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  api = await createTestApi({ webhooksAllowPrivate: true });
  fx = pipelineFixtures(api.call, () => api.clock.now);
  team = await createTeam(api, { prefix: 'Hooks' });
});
afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  await api.resetRateLimits();
  api.deps.webhooksAllowPrivate = true;
});

const hooksOf = (companyId: number) => `/companies/${companyId}/webhooks`;
const ALL = [
  'application.created',
  'application.status_changed',
  'posting.closed',
  'message.created',
];

type TCreated = { id: number; url: string; events: string[]; secret: string; created_at: string };
type TDelivery = {
  id: number;
  event: string;
  message_id: string;
  status: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
};

async function addHook(
  path: string,
  events = ALL,
  token = team.owner.token,
  company = team.companyId,
) {
  const r = await api.call('POST', hooksOf(company), {
    token,
    body: { url: `${base}${path}`, events },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  // The answer as the reference describes it (server/openapi/answers/webhooks.ts).
  v.parse(createdWebhookAnswer, r.json);
  return r.json.data as TCreated;
}

async function deliveriesOf(hookId: number, company = team.companyId) {
  const r = await api.call('GET', `${hooksOf(company)}/${hookId}/deliveries`, {
    token: team.owner.token,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  v.parse(ok(webhookDeliveriesPage), r.json);
  return (r.json.data as { data: TDelivery[] }).data;
}

async function deleteHook(id: number) {
  const r = await api.call('DELETE', `${hooksOf(team.companyId)}/${id}`, {
    token: team.owner.token,
  });
  expect(r.status).toBe(200);
  v.parse(deletedWebhookAnswer, r.json);
}

/** Moves the clock by `seconds` and runs the sweep and the jobs it gives, as the cron would. */
async function later(seconds: number) {
  api.clock.now = new Date(api.clock.now.getTime() + seconds * 1000);
  await sweepWebhooksJob({}, api.deps);
  await drainQueue(api.deps);
}

const bodyOf = (r: TReceived) =>
  JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> };

describe('a delivery', () => {
  it('is signed as Standard Webhooks says, retried after a 500 with the same id, and delivered', async () => {
    plans.set('/flaky', [500, 200]);
    const hook = await addHook('/flaky', ['application.created']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const posting = await fx.post('project', team.owner.token);
    const talent = await createTalent(api);
    const mark = received.length;
    const application = await fx.apply('project', talent.token, posting.id);

    const first = received.slice(mark).filter((r) => r.path === '/flaky');
    expect(first).toHaveLength(1);
    const wh = new Webhook(hook.secret);
    // Throws unless the signature, the id and a recent timestamp match.
    expect(wh.verify(first[0]!.body, first[0]!.headers as Record<string, string>)).toMatchObject({
      type: 'application.created',
      data: {
        application: { kind: 'project', id: application.id },
        posting: { kind: 'project', id: posting.id },
        talent_id: talent.id,
        status_id: APPLICATION_STATUS.applied,
      },
    });
    expect(first[0]!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(first[0]!.headers['user-agent']).toMatch(/^TalentChain-Webhooks/);
    // A tampered body fails the check.
    expect(() =>
      wh.verify(
        first[0]!.body.replace('project', 'job'),
        first[0]!.headers as Record<string, string>,
      ),
    ).toThrow();

    let [d] = await deliveriesOf(hook.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status: 500 });
    expect(d!.last_error!.length).toBeLessThanOrEqual(200);
    expect(new Date(d!.next_attempt_at!).getTime()).toBe(api.clock.now.getTime() + 60_000);

    // Not yet due: nothing leaves.
    await later(30);
    expect(received.slice(mark).filter((r) => r.path === '/flaky')).toHaveLength(1);
    await later(31);
    const both = received.slice(mark).filter((r) => r.path === '/flaky');
    expect(both).toHaveLength(2);
    expect(both[1]!.headers['webhook-id']).toBe(both[0]!.headers['webhook-id']);
    expect(bodyOf(both[1]!)).toEqual(bodyOf(both[0]!));
    // Signed at the second attempt's time, with the same secret.
    const ts = Number(both[1]!.headers['webhook-timestamp']);
    expect(ts).toBe(Math.floor(api.clock.now.getTime() / 1000));
    expect(both[1]!.headers['webhook-signature']).toBe(
      wh.sign(both[1]!.headers['webhook-id'] as string, new Date(ts * 1000), both[1]!.body),
    );
    [d] = await deliveriesOf(hook.id);
    expect(d).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_status: 200,
      last_error: null,
      next_attempt_at: null,
    });
    expect(d!.delivered_at).toBe(api.clock.now.toISOString());
    await deleteHook(hook.id);
  });

  it(`is given up after ${MAX_ATTEMPTS} attempts; ${DISABLE_AFTER} given up in a row disable the endpoint and e-mail the owners`, async () => {
    plans.set('/down', [503]);
    const hook = await addHook('/down', ['application.created']);
    // Four deliveries given up already: the next one is the fifth.
    await api.db
      .update(webhooks)
      .set({ failures: DISABLE_AFTER - 1 })
      .where(eq(webhooks.id, hook.id));
    const posting = await fx.post('job', team.owner.token);
    const talent = await createTalent(api);
    const mark = received.length;
    const mails = api.outbox.length;
    await fx.apply('job', talent.token, posting.id);
    for (const delay of RETRY_DELAYS_SECONDS) await later(delay + 1);
    expect(received.slice(mark).filter((r) => r.path === '/down')).toHaveLength(MAX_ATTEMPTS);
    const [d] = await deliveriesOf(hook.id);
    expect(d).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, last_status: 503 });

    const list = await api.call('GET', hooksOf(team.companyId), { token: team.owner.token });
    v.parse(ok(v.array(webhookAnswer)), list.json);
    const listed = (list.json.data as { id: number; enabled: boolean; failures: number }[]).find(
      (w) => w.id === hook.id,
    )!;
    expect(listed).toMatchObject({ enabled: false, failures: DISABLE_AFTER });
    const mail = api.outbox
      .slice(mails)
      .find((m) => m.to === team.owner.email && m.subject.includes('webhook'));
    expect(mail?.subject).toBe('A webhook of Hooks Owner Co was turned off');
    expect(mail?.text).toContain(`${base}/down`);
    // The admin is not an owner: no e-mail.
    expect(
      api.outbox
        .slice(mails)
        .some((m) => m.to === team.admin.email && m.subject.includes('webhook')),
    ).toBe(false);

    // Disabled: a new event makes no delivery.
    await fx.apply('job', (await createTalent(api)).token, posting.id);
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
    await deleteHook(hook.id);
  });

  it("a success resets the endpoint's failures", async () => {
    const hook = await addHook('/fine', ['application.created']);
    await api.db.update(webhooks).set({ failures: 3 }).where(eq(webhooks.id, hook.id));
    const posting = await fx.post('project', team.owner.token);
    await fx.apply('project', (await createTalent(api)).token, posting.id);
    const [row] = await api.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row!.failures).toBe(0);
    await deleteHook(hook.id);
  });
});

describe('the events', () => {
  it('are sent for a new application, a move, a bulk move, a close and a message, each to its subscribers', async () => {
    const all = await addHook('/all');
    const onlyClosed = await addHook('/closed', ['posting.closed']);
    const other = await createTeam(api, { prefix: 'Other' });
    const outsiders = await addHook('/other', ALL, other.owner.token, other.companyId);
    const mark = received.length;
    const types = () =>
      received
        .slice(mark)
        .filter((r) => r.path === '/all')
        .map((r) => bodyOf(r).type);

    const posting = await fx.post('project', team.owner.token);
    const [a, b, c] = [await createTalent(api), await createTalent(api), await createTalent(api)];
    const first = await fx.apply('project', a.token, posting.id);
    const second = await fx.apply('project', b.token, posting.id);
    await fx.apply('project', c.token, posting.id);
    expect(types()).toEqual(['application.created', 'application.created', 'application.created']);

    await fx.move('project', team.owner.token, first.id, APPLICATION_STATUS.shortlisted);
    const moved = received.filter((r) => r.path === '/all').at(-1)!;
    expect(bodyOf(moved)).toMatchObject({
      type: 'application.status_changed',
      data: {
        application: { kind: 'project', id: first.id },
        status_id: APPLICATION_STATUS.shortlisted,
        previous_status_id: APPLICATION_STATUS.applied,
      },
    });

    const bulk = await api.call('POST', '/project_applications/bulk_status', {
      token: team.owner.token,
      body: { application_ids: [second.id], status: APPLICATION_STATUS.shortlisted, lang: 'en' },
    });
    expect(bulk.status, JSON.stringify(bulk.json)).toBe(200);
    expect(types().filter((t) => t === 'application.status_changed')).toHaveLength(2);

    // A message in the company's conversation, with its text.
    const conv = await api.call('POST', '/conversations', {
      token: a.token,
      body: { kind: 'project', application_id: first.id },
    });
    const convId = (conv.json.data as { id: number }).id;
    const msg = await api.call('POST', `/conversations/${convId}/messages`, {
      token: a.token,
      body: { body: 'Hello from the talent' },
    });
    expect(msg.status, JSON.stringify(msg.json)).toBe(201);
    const message = received.filter((r) => r.path === '/all').at(-1)!;
    expect(bodyOf(message)).toMatchObject({
      type: 'message.created',
      data: { message: { body: 'Hello from the talent' }, conversation: { id: convId } },
    });
    expect(message.body).not.toContain('@');

    // Closed by the company: the posting closes, the open applications are rejected.
    await fx.move('project', team.owner.token, first.id, APPLICATION_STATUS.hired);
    await fx.start(team.owner.token, posting.id);
    await fx.endProject(team.owner.token, posting.id);
    const closed = received.slice(mark).filter((r) => r.path === '/closed');
    expect(closed.map((r) => bodyOf(r))).toEqual([
      expect.objectContaining({
        type: 'posting.closed',
        data: { posting: { kind: 'project', id: posting.id }, status_id: 3, closed_by: 'company' },
      }),
    ]);
    expect(types()).toContain('posting.closed');
    // Another company's endpoint heard nothing of this one's events.
    expect(received.slice(mark).filter((r) => r.path === '/other')).toHaveLength(0);
    for (const h of [all, onlyClosed]) await deleteHook(h.id);
    await api.call('DELETE', `${hooksOf(other.companyId)}/${outsiders.id}`, {
      token: other.owner.token,
    });
  });

  it('a job cancelled rejects its open applicants: each a status change', async () => {
    const hook = await addHook('/cancel', ['application.status_changed', 'posting.closed']);
    const posting = await fx.post('job', team.owner.token);
    await fx.apply('job', (await createTalent(api)).token, posting.id);
    const mark = received.length;
    const r = await api.call('DELETE', '/jobs', {
      token: team.owner.token,
      body: { id: posting.id },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const got = received
      .slice(mark)
      .filter((x) => x.path === '/cancel')
      .map((x) => bodyOf(x));
    expect(got.map((g) => g.type).sort()).toEqual(['application.status_changed', 'posting.closed']);
    expect(got.find((g) => g.type === 'application.status_changed')!.data.status_id).toBe(
      APPLICATION_STATUS.rejected,
    );
    await deleteHook(hook.id);
  });
});

describe('who may manage webhooks', () => {
  it('the owner and admins; a recruiter or another company is told the company does not exist', async () => {
    const hook = await addHook('/roles', ['posting.closed']);
    const path = hooksOf(team.companyId);
    const cases: [string, string | undefined, number][] = [
      ['admin', team.admin.token, 200],
      ['recruiter', team.recruiter.token, 404],
      ['outsider', team.outsider.token, 404],
      ['talent', team.talent.token, 403],
      ['anonymous', undefined, 401],
    ];
    for (const [who, token, status] of cases) {
      const list = await api.call('GET', path, { token });
      expect(list.status, `${who} lists`).toBe(status);
      const add = await api.call('POST', path, { token, body: { url: `${base}/x`, events: ALL } });
      expect(add.status, `${who} adds`).toBe(status === 200 ? 201 : status);
      if (status === 200) {
        await api.call('DELETE', `${path}/${(add.json.data as TCreated).id}`, { token });
        continue;
      }
      const log = await api.call('GET', `${path}/${hook.id}/deliveries`, { token });
      expect(log.status, `${who} reads the log`).toBe(status);
      const del = await api.call('DELETE', `${path}/${hook.id}`, { token });
      expect(del.status, `${who} deletes`).toBe(status);
      if (status === 404) expect(del.json.message).toBe('Company not found.');
    }
    // The list never shows a secret.
    const list = await api.call('GET', path, { token: team.owner.token });
    expect(JSON.stringify(list.json)).not.toContain('whsec_');
    // Another company's endpoint under one's own company: not found.
    const other = await createTeam(api, { prefix: 'Else' });
    const theirs = await addHook('/theirs', ALL, other.owner.token, other.companyId);
    const r = await api.call('DELETE', `${path}/${theirs.id}`, { token: team.owner.token });
    expectRefusal(r, 404, 'not_found');
    const log = await api.call('GET', `${path}/${theirs.id}/deliveries`, {
      token: team.owner.token,
    });
    expectRefusal(log, 404, 'not_found');
    await deleteHook(hook.id);
    const again = await api.call('DELETE', `${path}/${hook.id}`, { token: team.owner.token });
    expectRefusal(again, 404, 'not_found');
  });
});

describe('the address rules', () => {
  const REFUSED: [string, string][] = [
    ['http://93.184.216.34/hook', 'webhook_https'],
    ['ftp://93.184.216.34/hook', 'webhook_https'],
    ['https://user:secret@93.184.216.34/hook', 'webhook_credentials'],
    ['https://localhost/hook', 'webhook_private'],
    ['https://127.0.0.1/hook', 'webhook_private'],
    ['https://2130706433/hook', 'webhook_private'],
    ['https://10.1.2.3/hook', 'webhook_private'],
    ['https://192.168.1.1/hook', 'webhook_private'],
    ['https://172.16.0.1/hook', 'webhook_private'],
    ['https://169.254.169.254/latest/meta-data', 'webhook_private'],
    ['https://100.64.0.1/hook', 'webhook_private'],
    ['https://0.0.0.0/hook', 'webhook_private'],
    ['https://224.0.0.1/hook', 'webhook_private'],
    ['https://[::1]/hook', 'webhook_private'],
    ['https://[::]/hook', 'webhook_private'],
    ['https://[::ffff:127.0.0.1]/hook', 'webhook_private'],
    ['https://[::ffff:10.0.0.1]/hook', 'webhook_private'],
    ['https://[fe80::1]/hook', 'webhook_private'],
    ['https://[fc00::1]/hook', 'webhook_private'],
    ['https://[ff02::1]/hook', 'webhook_private'],
  ];
  it.each(REFUSED)('without the flag, %s is refused (%s)', async (url, code) => {
    api.deps.webhooksAllowPrivate = false;
    const r = await api.call('POST', hooksOf(team.companyId), {
      token: team.owner.token,
      body: { url, events: ALL },
    });
    expectRefusal(r, 400, 'invalid_input');
    expect(errorsOf(r.json)).toEqual([expect.objectContaining({ path: 'url', code })]);
  });

  it('without the flag, a public https address is taken', async () => {
    api.deps.webhooksAllowPrivate = false;
    const r = await api.call('POST', hooksOf(team.companyId), {
      token: team.owner.token,
      body: { url: 'https://93.184.216.34/hook', events: ['posting.closed'] },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    await deleteHook((r.json.data as TCreated).id);
  });

  it('are checked again at delivery: a private address, or a name resolving to one, receives nothing', async () => {
    const port = new URL(base).port;
    const plain = await addHook('/plain', ['application.created']);
    const named = await addHook('/named', ['application.created']);
    const literal = await addHook('/literal', ['application.created']);
    // As if added by hand or resolved differently then: https, so only the address rule stops it.
    await api.db
      .update(webhooks)
      .set({ url: `https://localhost:${port}/named` })
      .where(eq(webhooks.id, named.id));
    await api.db
      .update(webhooks)
      .set({ url: `https://127.0.0.1:${port}/literal` })
      .where(eq(webhooks.id, literal.id));
    api.deps.webhooksAllowPrivate = false;
    const posting = await fx.post('project', team.owner.token);
    const mark = received.length;
    await fx.apply('project', (await createTalent(api)).token, posting.id);
    expect(received.slice(mark)).toHaveLength(0);
    const [p] = await deliveriesOf(plain.id);
    expect(p).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'address refused (webhook_https)',
    });
    const [n] = await deliveriesOf(named.id);
    expect(n).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'address refused (webhook_private)',
    });
    const [l] = await deliveriesOf(literal.id);
    expect(l).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'address refused (webhook_private)',
    });
    for (const h of [plain, named, literal]) await deleteHook(h.id);
  });
});

describe('validation', () => {
  const BAD: [string, unknown, string, string][] = [
    ['no events', { url: 'https://93.184.216.34/', events: [] }, 'events', 'required'],
    [
      'an unknown event',
      { url: 'https://93.184.216.34/', events: ['user.deleted'] },
      'events.0',
      'choice',
    ],
    [
      'events not a list',
      { url: 'https://93.184.216.34/', events: 'posting.closed' },
      'events',
      'invalid_type',
    ],
    ['no url', { events: ALL }, 'url', 'required'],
    ['not a url', { url: 'hook', events: ALL }, 'url', 'url'],
    [
      'a url too long',
      { url: `https://93.184.216.34/${'a'.repeat(2000)}`, events: ALL },
      'url',
      'too_long',
    ],
  ];
  it.each(BAD)('%s is refused', async (_name, body, path, code) => {
    const r = await api.call('POST', hooksOf(team.companyId), { token: team.owner.token, body });
    expectRefusal(r, 400, 'invalid_input');
    expect(errorsOf(r.json)).toContainEqual(expect.objectContaining({ path, code }));
  });

  it('a company keeps at most 10 endpoints (409 limit); events are kept once each, in order', async () => {
    const other = await createTeam(api, { prefix: 'Limit' });
    const made: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await api.call('POST', hooksOf(other.companyId), {
        token: other.owner.token,
        body: {
          url: `${base}/n${i}`,
          events: ['posting.closed', 'application.created', 'posting.closed'],
        },
      });
      expect(r.status).toBe(201);
      expect((r.json.data as TCreated).events).toEqual(['application.created', 'posting.closed']);
      made.push((r.json.data as TCreated).id);
    }
    const r = await api.call('POST', hooksOf(other.companyId), {
      token: other.owner.token,
      body: { url: `${base}/n10`, events: ALL },
    });
    expectRefusal(r, 409, 'limit');
    const page = await api.call('GET', hooksOf(other.companyId), { token: other.owner.token });
    expect((page.json.data as unknown[]).length).toBe(10);
  });
});

describe('a posting closed by its deadline', () => {
  it('is sent as posting.closed by the deadline, with its open applicants rejected', async () => {
    const hook = await addHook('/deadline', ['posting.closed', 'application.status_changed']);
    const posting = await fx.post('project', team.owner.token);
    await fx.apply('project', (await createTalent(api)).token, posting.id);
    const mark = received.length;
    const was = api.clock.now;
    try {
      // Well past the end date and its grace: the hourly sweep closes it.
      api.clock.now = new Date(was.getTime() + 90 * 24 * 3600 * 1000);
      await sweepDeadlines(api.deps);
      await sweepDeadlines(api.deps);
      await drainQueue(api.deps);
    } finally {
      api.clock.now = was;
    }
    const got = received
      .slice(mark)
      .filter((r) => r.path === '/deadline')
      .map((r) => bodyOf(r))
      // The team's older postings expire too: this one's events only.
      .filter((g) => (g.data.posting as { id: number }).id === posting.id);
    expect(got.find((g) => g.type === 'posting.closed')).toMatchObject({
      data: { posting: { kind: 'project', id: posting.id }, closed_by: 'deadline' },
    });
    expect(got.filter((g) => g.type === 'application.status_changed')).toHaveLength(1);
    await deleteHook(hook.id);
  });
});

describe('a receiver that never answers', () => {
  it(`is left after the timeout (${TIMEOUT_MS / 1000} s; here 300 ms), its socket closed, as an attempt that failed`, async () => {
    expect(TIMEOUT_MS).toBe(10_000);
    let closed!: () => void;
    const socketClosed = new Promise<void>((resolve) => (closed = resolve));
    const silent = http.createServer((req) => {
      req.resume();
      req.socket.on('close', closed);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = new URL(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`);
      const started = Date.now();
      const attempt = await post(url, {}, '{}', true, 300);
      expect(attempt).toEqual({ ok: false, status: null, error: 'timeout' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      await socketClosed;
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
