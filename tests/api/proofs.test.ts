import crypto from 'node:crypto';
import algosdk from 'algosdk';
import { eq } from 'drizzle-orm';
import { utils } from 'near-api-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, projectApplications } from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { recordNote } from '@/lib/algorand/record';
import { startAlgorandPeer } from '@/scripts/lib/algorand-peer.mjs';
import { startNearPeer } from '@/scripts/lib/near-peer.mjs';
import type { TChains } from '@/server/context';
import type { TProof } from '@/types/proof';
import { createTestApi } from '../helpers/api';
import { type TTestUser, createBusiness, createTalent } from '../helpers/users';
import { businessTalentApplication, pipelineFixtures, type TKind } from '../helpers/marketplace';

// GET /proofs/{network}/{txId} (docs/api.md "Proofs"): which application a stored transaction id
// belongs to and what the chain says, read from real peers on 127.0.0.1: NEAR JSON-RPC and the
// Algorand indexer, with transactions signed by the real SDKs.

const CONTRACT = 'talentchain.near';
let near: Awaited<ReturnType<typeof startNearPeer>>;
let algorand: Awaited<ReturnType<typeof startAlgorandPeer>>;
let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let bea: TTestUser;
let chains: TChains;

beforeAll(async () => {
  near = await startNearPeer();
  algorand = await startAlgorandPeer();
  chains = {
    algorand: { network: 'mainnet', indexerUrl: algorand.url },
    near: { network: 'mainnet', rpcUrl: near.url, contractId: CONTRACT },
  };
  api = await createTestApi({ chains });
  fx = pipelineFixtures(api.call, () => api.clock.now);
  bea = await createBusiness(api, { name: 'Bea' });
});
afterAll(async () => {
  await api.close();
  await near.close();
  await algorand.close();
});

let hashes = 0;
const nextHash = () =>
  utils.serialize.base_encode(
    crypto
      .createHash('sha256')
      .update(`proof${(hashes += 1)}`)
      .digest(),
  );

/** A finished posting of `kind` whose hired talent has the NEAR account `account`. */
async function finishedWork(kind: TKind, account: string) {
  const talent = await createTalent(api, { name: 'Ana' });
  await api.call('PATCH', '/users/update_near_wallet', {
    token: talent.token,
    body: { near_wallet: account },
  });
  const posting = await fx.post(kind, bea.token);
  const application = await fx.apply(kind, talent.token, posting.id);
  await fx.move(kind, bea.token, application.id, APPLICATION_STATUS.hired);
  if (kind === 'project') {
    await fx.start(bea.token, posting.id);
    await fx.endProject(bea.token, posting.id);
  } else await fx.endJob(bea.token, posting.id);
  return { talent, posting, application };
}

/** A NEAR transaction on the peer, as the contract call of the record would be. */
function putNearRecord(opts: {
  signer: string;
  args: unknown;
  receiver?: string;
  method?: string;
}) {
  const hash = nextHash();
  near.putTransaction(hash, {
    signer_id: opts.signer,
    receiver_id: opts.receiver ?? CONTRACT,
    actions: [
      {
        FunctionCall: {
          method_name: opts.method ?? 'addRegisterValidation',
          args: Buffer.from(JSON.stringify(opts.args)).toString('base64'),
          gas: 30_000_000_000_000,
          deposit: '0',
        },
      },
    ],
  });
  return hash;
}

const proof = async (network: string, tx: string) => {
  const r = await api.call('GET', `/proofs/${network}/${tx}`);
  return { ...r, proof: r.json.data as TProof };
};

/** Saves (or, with null, disconnects) the talent's wallet of `network`, as the settings do. */
async function saveWallet(token: string, network: 'algorand' | 'near', wallet: string | null) {
  const r =
    network === 'algorand'
      ? await api.call('PATCH', '/users/update_algo_address', {
          token,
          body: { algo_address: wallet },
        })
      : await api.call('PATCH', '/users/update_near_wallet', {
          token,
          body: { near_wallet: wallet },
        });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

/** A record as one stored before signers were kept, and not given one by the migration. */
async function forgetSigner(kind: TKind, applicationId: number) {
  const set = { algorandSigner: null, nearSigner: null };
  if (kind === 'project') {
    await api.db
      .update(projectApplications)
      .set(set)
      .where(eq(projectApplications.id, applicationId));
  } else {
    await api.db.update(jobApplications).set(set).where(eq(jobApplications.id, applicationId));
  }
}

describe('GET /proofs/near/{hash}', () => {
  for (const kind of ['project', 'job'] as const) {
    it(`says verified for the hired talent's record of a finished ${kind}, and whose it is`, async () => {
      const account = `ana-${kind}.near`;
      const { talent, posting, application } = await finishedWork(kind, account);
      const hash = putNearRecord({
        signer: account,
        args: { talent_id: talent.id, kind, posting_id: posting.id },
      });
      const stored = await api.call('PATCH', `/${kind}_applications/update_wallet`, {
        token: talent.token,
        body: { id: application.id, near_transaction: hash },
      });
      expect(stored.status).toBe(200);

      const r = await proof('near', hash);
      expect(r.status).toBe(200);
      expect(r.res.headers.get('cache-control')).toBe('public, max-age=30');
      expect(r.json.status).toBe(true);
      expect(r.proof).toMatchObject({
        network: 'near',
        tx_id: hash,
        verdict: 'verified',
        explorer_url: `https://nearblocks.io/txns/${hash}`,
        application: { id: application.id, kind, signer: account },
        talent: { id: talent.id, name: 'Ana' },
        posting: { id: posting.id, kind, name: posting.name },
        chain: { sender: account, receiver: CONTRACT, method: 'addRegisterValidation' },
      });
    });
  }

  for (const kind of ['project', 'job'] as const) {
    it(`stays verified after the talent of a ${kind} connects another account or signs out`, async () => {
      const account = `keeps-${kind}.near`;
      const { talent, posting, application } = await finishedWork(kind, account);
      const hash = putNearRecord({
        signer: account,
        args: { talent_id: talent.id, kind, posting_id: posting.id },
      });
      await api.call('PATCH', `/${kind}_applications/update_wallet`, {
        token: talent.token,
        body: { id: application.id, near_transaction: hash },
      });
      const verifiedBy = { verdict: 'verified', application: { signer: account } };

      await saveWallet(talent.token, 'near', `other-${kind}.near`);
      expect((await proof('near', hash)).proof).toMatchObject(verifiedBy);
      // Sending the stored hash again (with the other account saved) keeps the first signer.
      const again = await api.call('PATCH', `/${kind}_applications/update_wallet`, {
        token: talent.token,
        body: { id: application.id, near_transaction: hash },
      });
      expect(again.status).toBe(200);
      expect((await proof('near', hash)).proof).toMatchObject(verifiedBy);
      await saveWallet(talent.token, 'near', null);
      expect((await proof('near', hash)).proof).toMatchObject(verifiedBy);
    });
  }

  it('says mismatched sender, with no signer, for a record kept without one', async () => {
    const account = 'legacy.near';
    const { talent, posting, application } = await finishedWork('job', account);
    const hash = putNearRecord({
      signer: account,
      args: { talent_id: talent.id, kind: 'job', posting_id: posting.id },
    });
    await api.call('PATCH', '/job_applications/update_wallet', {
      token: talent.token,
      body: { id: application.id, near_transaction: hash },
    });
    await forgetSigner('job', application.id);
    // The talent's account of today is not taken instead: it proves nothing about the past.
    expect((await proof('near', hash)).proof).toMatchObject({
      verdict: 'mismatched',
      field: 'sender',
      application: { id: application.id, signer: null },
      chain: { sender: account },
    });
  });

  it('says mismatched, naming the field, when the chain holds another call', async () => {
    const account = 'lucia.near';
    const { talent, posting, application } = await finishedWork('project', account);
    // The arguments name another posting: the transaction proves something else.
    const hash = putNearRecord({
      signer: account,
      args: { talent_id: talent.id, kind: 'project', posting_id: posting.id + 1000 },
    });
    await api.call('PATCH', '/project_applications/update_wallet', {
      token: talent.token,
      body: { id: application.id, near_transaction: hash },
    });
    expect((await proof('near', hash)).proof).toMatchObject({
      verdict: 'mismatched',
      field: 'args',
    });
  });

  it('says mismatched sender when someone stores another account’s transaction', async () => {
    const owner = await finishedWork('project', 'owner.near');
    const hash = putNearRecord({
      signer: 'owner.near',
      args: { talent_id: owner.talent.id, kind: 'project', posting_id: owner.posting.id },
    });
    const copier = await finishedWork('project', 'copier.near');
    await api.call('PATCH', '/project_applications/update_wallet', {
      token: copier.talent.token,
      body: { id: copier.application.id, near_transaction: hash },
    });
    expect((await proof('near', hash)).proof).toMatchObject({
      verdict: 'mismatched',
      field: 'sender',
      talent: { id: copier.talent.id },
    });
    // Once the real owner stores it too, the verified record wins.
    await api.call('PATCH', '/project_applications/update_wallet', {
      token: owner.talent.token,
      body: { id: owner.application.id, near_transaction: hash },
    });
    // Another process would wait for the cache; this one asks the chain only once anyway.
    expect((await proof('near', hash)).proof).toMatchObject({
      verdict: 'verified',
      talent: { id: owner.talent.id },
    });
  });

  it('says not_found for a stored hash the chain does not know', async () => {
    const { talent, application } = await finishedWork('job', 'diego.near');
    const hash = nextHash();
    await api.call('PATCH', '/job_applications/update_wallet', {
      token: talent.token,
      body: { id: application.id, near_transaction: hash },
    });
    const r = await proof('near', hash);
    expect(r.proof).toMatchObject({ verdict: 'not_found', application: { id: application.id } });
  });

  it('answers an unknown hash without asking the chain, and caches the chain’s answers', async () => {
    const before = near.calls.length;
    const r = await proof('near', nextHash());
    expect(r.status).toBe(200);
    expect(r.proof).toMatchObject({
      verdict: 'not_found',
      application: null,
      talent: null,
      posting: null,
      chain: null,
    });
    expect(near.calls.length).toBe(before);

    const { talent, posting, application } = await finishedWork('project', 'cache.near');
    const hash = putNearRecord({
      signer: 'cache.near',
      args: { talent_id: talent.id, kind: 'project', posting_id: posting.id },
    });
    await api.call('PATCH', '/project_applications/update_wallet', {
      token: talent.token,
      body: { id: application.id, near_transaction: hash },
    });
    const first = near.calls.length;
    await Promise.all([1, 2, 3, 4, 5].map(() => proof('near', hash)));
    expect(near.calls.length - first).toBe(1);
  });

  it('refuses a malformed id (400 tx_id) and an unknown network (404)', async () => {
    const bad = await api.call('GET', '/proofs/near/not-a-hash');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      code: 'invalid_input',
      errors: [{ path: 'tx_id', code: 'tx_id' }],
    });
    expect((await api.call('GET', `/proofs/ethereum/${nextHash()}`)).status).toBe(404);
    expect((await api.call('GET', '/proofs/algorand/lowercase')).status).toBe(400);
  });
});

describe('GET /proofs/algorand/{id}', () => {
  /** A finished project whose hired talent connected a generated Algorand account. */
  async function withAccount() {
    const account = algosdk.generateAccount();
    const work = await finishedWork('project', 'algo.near');
    const saved = await api.call('PATCH', '/users/update_algo_address', {
      token: work.talent.token,
      body: { algo_address: account.addr.toString() },
    });
    expect(saved.status).toBe(200);
    return { ...work, account };
  }

  /** A payment from `from` on the peer's chain (indexer included); answers its id. */
  async function pay(
    from: algosdk.Account,
    opts: { to?: algosdk.Address; amount?: number; note: Uint8Array },
  ) {
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: from.addr,
      receiver: opts.to ?? from.addr,
      amount: opts.amount ?? 0,
      note: opts.note,
      suggestedParams: await new algosdk.Algodv2('', 'http://127.0.0.1', algorand.port)
        .getTransactionParams()
        .do(),
    });
    return algorand.put(txn.signTxn(from.sk));
  }

  async function store(token: string, id: number, tx: string) {
    const r = await api.call('PATCH', '/project_applications/update_wallet', {
      token,
      body: { id, algorand_transaction: tx },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }

  it('says verified for the zero-amount self-payment with the posting’s note', async () => {
    const { talent, posting, application, account } = await withAccount();
    const tx = await pay(account, { note: recordNote('project', posting.id) });
    await store(talent.token, application.id, tx);
    const r = await proof('algorand', tx);
    expect(r.proof).toMatchObject({
      verdict: 'verified',
      explorer_url: `https://allo.info/tx/${tx}`,
      application: { id: application.id, kind: 'project', signer: account.addr.toString() },
      posting: { id: posting.id },
      chain: {
        sender: account.addr.toString(),
        receiver: account.addr.toString(),
        amount: '0',
        note: JSON.stringify({ type: 'project', id: posting.id }),
      },
    });
  });

  it('says mismatched note, amount or receiver for other payments', async () => {
    const cases = [
      { field: 'note', pay: () => ({ note: recordNote('job', 1) }) },
      {
        field: 'amount',
        pay: (_a: algosdk.Account, id: number) => ({ amount: 5, note: recordNote('project', id) }),
      },
      {
        field: 'receiver',
        pay: (_a: algosdk.Account, id: number) => ({
          to: algosdk.generateAccount().addr,
          note: recordNote('project', id),
        }),
      },
    ];
    for (const c of cases) {
      const { talent, posting, application, account } = await withAccount();
      const tx = await pay(account, c.pay(account, posting.id));
      await store(talent.token, application.id, tx);
      expect((await proof('algorand', tx)).proof, c.field).toMatchObject({
        verdict: 'mismatched',
        field: c.field,
      });
    }
  });

  it('stays verified after the talent saves another address or disconnects', async () => {
    const { talent, posting, application, account } = await withAccount();
    const tx = await pay(account, { note: recordNote('project', posting.id) });
    await store(talent.token, application.id, tx);
    const first = (await proof('algorand', tx)).proof;
    const verifiedBy = { verdict: 'verified', application: { signer: account.addr.toString() } };
    expect(first).toMatchObject(verifiedBy);

    await saveWallet(talent.token, 'algorand', algosdk.generateAccount().addr.toString());
    expect((await proof('algorand', tx)).proof).toMatchObject(verifiedBy);
    // Sending the stored id again a day later, with the other address saved, changes nothing:
    // neither the signer nor the day it was stored.
    const today = api.clock.now;
    api.clock.now = new Date(today.getTime() + 24 * 3600 * 1000);
    try {
      await store(talent.token, application.id, tx);
    } finally {
      api.clock.now = today;
    }
    expect((await proof('algorand', tx)).proof).toMatchObject({
      ...verifiedBy,
      application: { ...verifiedBy.application, recorded_at: first.application!.recorded_at },
    });
    await saveWallet(talent.token, 'algorand', null);
    expect((await proof('algorand', tx)).proof).toMatchObject(verifiedBy);
  });

  it('says mismatched sender, with no signer, for a record kept without one', async () => {
    const { talent, posting, application, account } = await withAccount();
    const tx = await pay(account, { note: recordNote('project', posting.id) });
    await store(talent.token, application.id, tx);
    await forgetSigner('project', application.id);
    expect((await proof('algorand', tx)).proof).toMatchObject({
      verdict: 'mismatched',
      field: 'sender',
      application: { id: application.id, signer: null },
      chain: { sender: account.addr.toString() },
    });
  });

  it('says mismatched sender when the stored signer did not sign it', async () => {
    const { talent, posting, application } = await withAccount();
    // Paid from another account than the one saved when the record is stored.
    const tx = await pay(algosdk.generateAccount(), { note: recordNote('project', posting.id) });
    await store(talent.token, application.id, tx);
    expect((await proof('algorand', tx)).proof).toMatchObject({
      verdict: 'mismatched',
      field: 'sender',
    });
  });
});

describe('GET /proofs when the chain cannot be reached', () => {
  it('answers 200 unreachable, never a 5xx', async () => {
    const offline = await createTestApi();
    try {
      const ofx = pipelineFixtures(offline.call, () => offline.clock.now);
      const {
        business: biz,
        talent,
        posting,
        application,
      } = await businessTalentApplication(offline, { kind: 'job', fx: ofx });
      await offline.call('PATCH', '/users/update_near_wallet', {
        token: talent.token,
        body: { near_wallet: 'away.near' },
      });
      await ofx.move('job', biz.token, application.id, APPLICATION_STATUS.hired);
      await ofx.endJob(biz.token, posting.id);
      const hash = nextHash();
      await offline.call('PATCH', '/job_applications/update_wallet', {
        token: talent.token,
        body: { id: application.id, near_transaction: hash },
      });
      const r = await offline.call('GET', `/proofs/near/${hash}`);
      expect(r.status).toBe(200);
      expect(r.json.data).toMatchObject({
        verdict: 'unreachable',
        application: { id: application.id },
      });
    } finally {
      await offline.close();
    }
  });
});
