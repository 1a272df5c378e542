import algosdk from 'algosdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, projectApplications } from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { createTestApi } from '../helpers/api';
import { type TTestUser, createBusinesses, createTalent } from '../helpers/users';
import { errorsOf, expectRefusal, pipelineFixtures, type TKind } from '../helpers/marketplace';

// On-chain records of finished work (docs/api.md "On-chain records"; docs/product.md "The calls":
// PATCH /project_applications/update_wallet and /job_applications/update_wallet, answering
// "data, message"): only the hired talent of a finished posting stores its transaction ids.

const ALGO_TX = 'TXA7Q3ZL2M5K6N7P2Q3R4S5T6U7V2W3X4Y5Z6A7B2C3D4E5F6G7H';
const ALGO_TX_2 = 'QQA7Q3ZL2M5K6N7P2Q3R4S5T6U7V2W3X4Y5Z6A7B2C3D4E5F6G7H';
const NEAR_TX = '6q5Dwq2PzL4Vw9sYv7K3mJtQ2xH8bR1cN5fG4dE3aSzT';
const NEAR_TX_2 = '7r6Exr3QaM5Wx9tZw8L4nKuR3yJ9cS2dP6gH5eF4bTaU';

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let bea: TTestUser; // the business
let carl: TTestUser; // another business

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
  [bea, carl] = await createBusinesses(api, 'Bea', 'Carl');
});
afterAll(async () => api.close());

const talent = () => createTalent(api);
const record = (kind: TKind, token: string | undefined, body: Record<string, unknown>) =>
  api.call('PATCH', `/${kind}_applications/update_wallet`, { token, body });

/** Saves `wallets` on the talent of `token` as the wallet settings do (null disconnects). */
async function saveWallets(
  token: string,
  wallets: { algorand?: string | null; near?: string | null },
) {
  if (wallets.algorand !== undefined) {
    const r = await api.call('PATCH', '/users/update_algo_address', {
      token,
      body: { algo_address: wallets.algorand },
    });
    expect(r.status).toBe(200);
  }
  if (wallets.near !== undefined) {
    const r = await api.call('PATCH', '/users/update_near_wallet', {
      token,
      body: { near_wallet: wallets.near },
    });
    expect(r.status).toBe(200);
  }
}

/** A talent with an Algorand address and a NEAR account saved. */
async function talentWithWallets() {
  const t = await talent();
  await saveWallets(t.token, {
    algorand: algosdk.generateAccount().addr.toString(),
    near: `talent-${t.id}.near`,
  });
  return t;
}

/** The application `id` of `kind` of the talent of `token`, as the user object lists it. */
async function ownListed(kind: TKind, user: TTestUser, id: number) {
  const me = await api.call('GET', `/users/id/${user.id}`, { token: user.token });
  const list = (me.json.data as Record<string, { application: Record<string, unknown> }[]>)[
    `${kind}s`
  ]!;
  return list.find((p) => p.application.id === id)?.application;
}

/** A posting of `kind` with `hired` hired and `other` rejected; finished unless `finish` is false. */
async function finishedWork(kind: TKind, finish = true) {
  const hired = await talentWithWallets();
  const other = await talentWithWallets();
  const posting = await fx.post(kind, bea.token);
  const a = await fx.apply(kind, hired.token, posting.id);
  const b = await fx.apply(kind, other.token, posting.id);
  await fx.move(kind, bea.token, a.id, APPLICATION_STATUS.hired);
  if (finish) {
    if (kind === 'project') {
      await fx.start(bea.token, posting.id);
      await fx.endProject(bea.token, posting.id);
    } else await fx.endJob(bea.token, posting.id);
  }
  return { hired, other, posting, a, b };
}

for (const kind of ['project', 'job'] as const) {
  describe(`PATCH /${kind}_applications/update_wallet`, () => {
    it('stores an Algorand and a NEAR record on the hired talent’s finished work', async () => {
      const { hired, a } = await finishedWork(kind);
      const r = await record(kind, hired.token, { id: a.id, algorand_transaction: ALGO_TX });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json).toMatchObject({
        status: true,
        data: { id: a.id, algorand_transaction: ALGO_TX, near_transaction: null },
        message: expect.any(String),
        message_es: 'Datos guardados correctamente',
      });
      const n = await record(kind, hired.token, { id: a.id, near_transaction: NEAR_TX });
      expect(n.json.data).toMatchObject({
        algorand_transaction: ALGO_TX,
        near_transaction: NEAR_TX,
      });
      // The same id again answers the same; another id for a recorded network is a conflict.
      expect(
        (await record(kind, hired.token, { id: a.id, algorand_transaction: ALGO_TX })).status,
      ).toBe(200);
      expectRefusal(
        await record(kind, hired.token, { id: a.id, algorand_transaction: ALGO_TX_2 }),
        409,
        'conflict',
      );
      // The signed-in user's own list carries it (docs/product.md "Entities and fields": the application's transactions).
      expect(await ownListed(kind, hired, a.id)).toMatchObject({
        algorand_transaction: ALGO_TX,
        near_transaction: NEAR_TX,
      });
    });

    it('never replaces a stored NEAR record: another hash is 409 conflict and the first stays', async () => {
      const { hired, a } = await finishedWork(kind);
      expect(
        (await record(kind, hired.token, { id: a.id, near_transaction: NEAR_TX })).status,
      ).toBe(200);
      expectRefusal(
        await record(kind, hired.token, { id: a.id, near_transaction: NEAR_TX_2 }),
        409,
        'conflict',
      );
      // Also beside a new Algorand record: the body is refused whole.
      expectRefusal(
        await record(kind, hired.token, {
          id: a.id,
          algorand_transaction: ALGO_TX,
          near_transaction: NEAR_TX_2,
        }),
        409,
        'conflict',
      );
      expect(await ownListed(kind, hired, a.id)).toMatchObject({
        algorand_transaction: null,
        near_transaction: NEAR_TX,
      });
    });

    it('stores a record sent while no wallet of its network is saved, without a signer', async () => {
      const { hired, a } = await finishedWork(kind);
      await saveWallets(hired.token, { algorand: null, near: null });
      const r = await record(kind, hired.token, {
        id: a.id,
        algorand_transaction: ALGO_TX,
        near_transaction: NEAR_TX,
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      // No wallet to compare the chain's sender with: its proof never verifies (proofs.test.ts).
      const table = kind === 'project' ? projectApplications : jobApplications;
      const [row] = await api.db
        .select({ algorand: table.algorandSigner, near: table.nearSigner })
        .from(table)
        .where(eq(table.id, a.id));
      expect(row).toEqual({ algorand: null, near: null });
      // A wallet saved later does not become the signer of a record stored before it.
      await saveWallets(hired.token, { near: 'later.near' });
      expect(
        (await record(kind, hired.token, { id: a.id, near_transaction: NEAR_TX })).status,
      ).toBe(200);
      const [again] = await api.db
        .select({ near: table.nearSigner })
        .from(table)
        .where(eq(table.id, a.id));
      expect(again).toEqual({ near: null });
    });

    it('refuses work not finished, or not hired (409 invalid_transition)', async () => {
      const running = await finishedWork(kind, false);
      expectRefusal(
        await record(kind, running.hired.token, {
          id: running.a.id,
          algorand_transaction: ALGO_TX,
        }),
        409,
        'invalid_transition',
      );
      const done = await finishedWork(kind);
      // The other applicant was closed with "Position closed." when the posting finished.
      expectRefusal(
        await record(kind, done.other.token, { id: done.b.id, algorand_transaction: ALGO_TX }),
        409,
        'invalid_transition',
      );
    });

    it('is the applicant’s alone: anonymous 401, a business 403, another talent 404', async () => {
      const { a } = await finishedWork(kind);
      const body = { id: a.id, algorand_transaction: ALGO_TX };
      expectRefusal(await record(kind, undefined, body), 401, 'unauthorized');
      expectRefusal(await record(kind, bea.token, body), 403, 'forbidden');
      expectRefusal(await record(kind, carl.token, body), 403, 'forbidden');
      expectRefusal(await record(kind, (await talent()).token, body), 404, 'not_found');
      expectRefusal(
        await record(kind, (await talent()).token, { ...body, id: 999_999 }),
        404,
        'not_found',
      );
    });

    it('refuses ids that are not transaction ids of that network, and a body with neither', async () => {
      const { hired, a } = await finishedWork(kind);
      for (const [field, value] of [
        ['algorand_transaction', 'tx-1'],
        ['algorand_transaction', ALGO_TX.toLowerCase()],
        ['algorand_transaction', `${ALGO_TX}A`],
        ['algorand_transaction', NEAR_TX],
        ['near_transaction', ALGO_TX.slice(0, 40) + '0OIl'],
        ['near_transaction', `${NEAR_TX}xyz`],
        ['near_transaction', 42],
      ] as const) {
        const r = await record(kind, hired.token, { id: a.id, [field]: value });
        expect(r.status, `${field}=${String(value)}`).toBe(400);
        expect(errorsOf(r.json).map((e) => e.path)).toContain(field);
      }
      const neither = await record(kind, hired.token, { id: a.id });
      expect(neither.status).toBe(400);
      expect(errorsOf(neither.json)).toContainEqual(
        expect.objectContaining({ path: 'algorand_transaction', code: 'tx_required' }),
      );
      // Nothing was stored by any of them.
      expect(await ownListed(kind, hired, a.id)).toMatchObject({
        algorand_transaction: null,
        near_transaction: null,
      });
    });
  });
}
