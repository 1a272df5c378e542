import crypto from 'node:crypto';
import algosdk from 'algosdk';
import { asc } from 'drizzle-orm';
import { utils } from 'near-api-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, projectApplications } from '@/db/schema';
import { recordNote } from '@/lib/algorand/record';
import { startAlgorandPeer } from '@/scripts/lib/algorand-peer.mjs';
import { startNearPeer } from '@/scripts/lib/near-peer.mjs';
import { signAccessToken } from '@/server/auth/tokens';
import type { TProof } from '@/types/proof';
import { createTestApi } from '../helpers/api';
import { createTestDbBefore } from '../helpers/db';

// The migration record_signers (db/migrations/*_record_signers.sql) on a database holding records
// stored before it: each record takes as its signer the wallet its talent had saved when it ran, so
// what verified then still verifies, whatever wallet the talent saves afterwards
// (docs/api.md "Proofs").

const CONTRACT = 'talentchain.near';
const MIGRATION = 'record_signers';

let near: Awaited<ReturnType<typeof startNearPeer>>;
let algorand: Awaited<ReturnType<typeof startAlgorandPeer>>;
let api: Awaited<ReturnType<typeof createTestApi>>;

const ana = { id: 101, account: algosdk.generateAccount(), near: 'ana.near' };
const bruno = { id: 102 }; // no wallet saved
const business = 100;
const project = 201;
const job = 301;
const ids = { anaProject: 401, brunoUnrecorded: 402, anaJob: 501, brunoJob: 502 };
const tx: { algorand: string; nearProject: string; nearJob: string; bruno: string } = {
  algorand: '',
  nearProject: '',
  nearJob: '',
  bruno: '',
};

const hash = (seed: string) =>
  utils.serialize.base_encode(crypto.createHash('sha256').update(seed).digest());

/** A NEAR record of `talent` (signed by `signer`) on the peer, as the contract call would be. */
function putNearRecord(
  kind: 'project' | 'job',
  postingId: number,
  talent = ana.id,
  signer = ana.near,
) {
  const h = hash(`signers-${kind}-${postingId}-${talent}`);
  near.putTransaction(h, {
    signer_id: signer,
    receiver_id: CONTRACT,
    actions: [
      {
        FunctionCall: {
          method_name: 'addRegisterValidation',
          args: Buffer.from(
            JSON.stringify({ talent_id: talent, kind, posting_id: postingId }),
          ).toString('base64'),
          gas: 30_000_000_000_000,
          deposit: '0',
        },
      },
    ],
  });
  return h;
}

/** Ana's zero-amount self-payment recording `project` on the peer's chain; its id. */
async function putAlgorandRecord() {
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: ana.account.addr,
    receiver: ana.account.addr,
    amount: 0,
    note: recordNote('project', project),
    suggestedParams: await new algosdk.Algodv2('', 'http://127.0.0.1', algorand.port)
      .getTransactionParams()
      .do(),
  });
  return algorand.put(txn.signTxn(ana.account.sk));
}

beforeAll(async () => {
  near = await startNearPeer();
  algorand = await startAlgorandPeer();
  tx.algorand = await putAlgorandRecord();
  tx.nearProject = putNearRecord('project', project);
  tx.nearJob = putNearRecord('job', job);
  tx.bruno = putNearRecord('job', job, bruno.id, 'bruno.near');

  // The database as the previous release left it, with records stored then.
  const before = await createTestDbBefore(MIGRATION);
  await before.run(`
    INSERT INTO users (id, email, is_talent, name, algo_address, near_wallet) VALUES
      (${business}, 'bea@example.com', false, 'Bea', NULL, NULL),
      (${ana.id}, 'ana@example.com', true, 'Ana', '${ana.account.addr.toString()}', '${ana.near}'),
      (${bruno.id}, 'bruno@example.com', true, 'Bruno', NULL, NULL);
    INSERT INTO projects (id, owner_id, name, summary, description, budget, currency, weeks,
                          modality, project_status_id)
      VALUES (${project}, ${business}, 'Portal', 'A portal', 'A portal.', 1000, 'USD', 2,
              'remote', 3);
    INSERT INTO jobs (id, owner_id, name, summary, description, contract_type, currency,
                      modality, job_status_id)
      VALUES (${job}, ${business}, 'Backend', 'Node.js', 'Node.js.', 'full_time', 'USD',
              'remote', 3);
    INSERT INTO project_applications (id, project_id, user_id, proposal, price_proposal, weeks,
                                      accepted, algorand_transaction, near_transaction)
      VALUES (${ids.anaProject}, ${project}, ${ana.id}, 'A proposal of twenty characters.', 1000,
              2, 2, '${tx.algorand}', '${tx.nearProject}'),
             (${ids.brunoUnrecorded}, ${project}, ${bruno.id}, 'Another proposal of twenty.', 900,
              2, 3, NULL, NULL);
    INSERT INTO job_applications (id, job_id, user_id, summary, selected, algorand_transaction,
                                  near_transaction) VALUES
      (${ids.anaJob}, ${job}, ${ana.id}, 'Five years.', 2, NULL, '${tx.nearJob}'),
      (${ids.brunoJob}, ${job}, ${bruno.id}, 'Three years.', 2, NULL, '${tx.bruno}');
  `);
  const db = await before.migrate();
  api = await createTestApi(
    {
      chains: {
        algorand: { network: 'mainnet', indexerUrl: algorand.url },
        near: { network: 'mainnet', rpcUrl: near.url, contractId: CONTRACT },
      },
    },
    { db },
  );
});
afterAll(async () => {
  await api.close();
  await near.close();
  await algorand.close();
});

const proof = async (network: 'algorand' | 'near', id: string) =>
  (await api.call('GET', `/proofs/${network}/${id}`)).json.data as TProof;

describe(`migration ${MIGRATION}`, () => {
  it('gives each stored record its talent’s saved wallet of that network as signer, and nothing else', async () => {
    const projects = await api.db
      .select({
        id: projectApplications.id,
        algorand: projectApplications.algorandSigner,
        near: projectApplications.nearSigner,
      })
      .from(projectApplications)
      .orderBy(asc(projectApplications.id));
    expect(projects).toEqual([
      { id: ids.anaProject, algorand: ana.account.addr.toString(), near: ana.near },
      { id: ids.brunoUnrecorded, algorand: null, near: null },
    ]);
    const jobs = await api.db
      .select({
        id: jobApplications.id,
        algorand: jobApplications.algorandSigner,
        near: jobApplications.nearSigner,
      })
      .from(jobApplications)
      .orderBy(asc(jobApplications.id));
    expect(jobs).toEqual([
      // No Algorand record: no Algorand signer, though Ana has an address saved.
      { id: ids.anaJob, algorand: null, near: ana.near },
      // Bruno saved no wallet: his record keeps none (it did not verify before either).
      { id: ids.brunoJob, algorand: null, near: null },
    ]);
  });

  it('keeps the records stored before it verified after the talent changes or disconnects a wallet', async () => {
    const token = await signAccessToken(
      { userId: ana.id, version: 0 },
      api.deps.jwtSecret,
      api.clock.now,
    );
    for (const [path, body] of [
      ['/users/update_algo_address', { algo_address: algosdk.generateAccount().addr.toString() }],
      ['/users/update_near_wallet', { near_wallet: null }],
    ] as const) {
      expect((await api.call('PATCH', path, { token, body })).status).toBe(200);
    }
    expect(await proof('algorand', tx.algorand)).toMatchObject({
      verdict: 'verified',
      application: { id: ids.anaProject, signer: ana.account.addr.toString() },
    });
    for (const [id, application] of [
      [tx.nearProject, { id: ids.anaProject, kind: 'project' }],
      [tx.nearJob, { id: ids.anaJob, kind: 'job' }],
    ] as const) {
      expect(await proof('near', id)).toMatchObject({
        verdict: 'verified',
        application: { ...application, signer: ana.near },
      });
    }
    // Bruno had no account saved when it ran: his record names no signer and never verifies.
    expect(await proof('near', tx.bruno)).toMatchObject({
      verdict: 'mismatched',
      field: 'sender',
      application: { id: ids.brunoJob, signer: null },
      chain: { sender: 'bruno.near' },
    });
  });
});
