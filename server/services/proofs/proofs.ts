import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { explorerUrl, type TProofNetwork } from '@/lib/explorer';
import { POSTING_KINDS } from '@/lib/kinds';
import { ALGORAND_TX_RE, NEAR_TX_RE } from '@/lib/schemas/marketplace';
import type { TChains, TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import { getPosting, type TKind } from '@/server/services/marketplace/postings';
import { checkAlgorandTransaction } from './algorand';
import { cachingFetch } from './chain-cache';
import { checkNearTransaction } from './near';
import type { TProof } from '@/types/proof';
import type { TChainCheck } from './types';

// Public verification of on-chain records (docs/api.md "Proofs"): which application a
// transaction id is stored on, and whether the chain confirms it. The chain's sender is compared
// with the signer stored with the record (the wallet the talent had saved then), never with the
// talent's wallet of today, so a record proves the same thing for good. Only stored ids reach a
// chain, and its answers are cached briefly (./chain-cache.ts), so the endpoint cannot hammer a
// node.

export const PROOF_NETWORKS = ['algorand', 'near'] as const satisfies readonly TProofNetwork[];

/** How many applications sharing one id are compared with the chain (a forged copy is possible). */
const MAX_CANDIDATES = 3;

type TCandidate = {
  kind: TKind;
  applicationId: number;
  postingId: number;
  recordedAt: Date;
  /** The wallet stored with the record as its signer; null (none kept) never matches. */
  signer: string | null;
  talent: { id: number; name: string; lastName: string; avatarUrl: string | null };
};

const talentColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  avatarUrl: users.avatarUrl,
};

/** The applications of one kind that store `txId` for `network`, oldest first. */
function candidatesOfKind(ctx: TCtx, kind: TKind, network: TProofNetwork, txId: string) {
  const {
    applicationTable: application,
    postingTable: posting,
    applicationFk,
  } = SERVER_KINDS[kind];
  const onAlgorand = network === 'algorand';
  return ctx.db
    .select({
      applicationId: application.id,
      postingId: posting.id,
      recordedAt: application.updatedAt,
      signer: onAlgorand ? application.algorandSigner : application.nearSigner,
      talent: talentColumns,
    })
    .from(application)
    .innerJoin(posting, eq(posting.id, applicationFk))
    .innerJoin(users, eq(users.id, application.userId))
    .where(eq(onAlgorand ? application.algorandTransaction : application.nearTransaction, txId))
    .orderBy(application.id)
    .limit(MAX_CANDIDATES);
}

/** The applications that store `txId` for `network`: projects' first, each kind oldest first. */
async function candidates(ctx: TCtx, network: TProofNetwork, txId: string) {
  const found = await Promise.all(
    POSTING_KINDS.map(async (kind) =>
      (await candidatesOfKind(ctx, kind, network, txId)).map((r): TCandidate => ({ ...r, kind })),
    ),
  );
  return found.flat().slice(0, MAX_CANDIDATES);
}

/** What the chain says about `txId` compared with what `record` claims. */
function check(chains: TChains, network: TProofNetwork, txId: string, record: TCandidate) {
  if (network === 'algorand') {
    return checkAlgorandTransaction(
      txId,
      { address: record.signer, note: { type: record.kind, id: record.postingId } },
      { indexerUrl: chains.algorand.indexerUrl, fetchImpl: cachingFetch(chains) },
    );
  }
  return checkNearTransaction(
    txId,
    {
      accountId: record.signer,
      contractId: chains.near.contractId,
      args: { talent_id: record.talent.id, kind: record.kind, posting_id: record.postingId },
    },
    { rpcUrl: chains.near.rpcUrl, fetchImpl: cachingFetch(chains) },
  );
}

/** A transaction id in its network's format, else a 400 on `tx_id`. */
function assertTxId(network: TProofNetwork, txId: string) {
  const re = network === 'algorand' ? ALGORAND_TX_RE : NEAR_TX_RE;
  if (!re.test(txId)) throw AppError.invalidField('tx_id', 'tx_id');
}

/**
 * `GET /proofs/{network}/{txId}`: the verdict (`verified`, `mismatched` with its `field`,
 * `not_found`, `unreachable`) and, when the id is stored on an application, that application,
 * its talent and its posting. Never fails because a chain does.
 */
export async function verifyProof(
  ctx: TCtx,
  network: TProofNetwork,
  txId: string,
): Promise<TProof> {
  assertTxId(network, txId);
  const { chains } = ctx.deps;
  const chainNetwork = network === 'algorand' ? chains.algorand.network : chains.near.network;
  const base = {
    network,
    tx_id: txId,
    explorer_url: explorerUrl(network, txId, chainNetwork),
  };
  const records = await candidates(ctx, network, txId);
  if (records.length === 0) {
    return {
      ...base,
      verdict: 'not_found',
      chain: null,
      application: null,
      talent: null,
      posting: null,
    };
  }
  // The chain's answer is fetched once (cached); each candidate is compared with it in turn.
  let chosen: { record: TCandidate; result: TChainCheck } | undefined;
  for (const record of records) {
    const result = await check(chains, network, txId, record);
    chosen ??= { record, result };
    if (result.verdict === 'verified') {
      chosen = { record, result };
      break;
    }
  }
  const { record, result } = chosen!;
  const posting = await getPosting(ctx, { kind: record.kind, id: record.postingId });
  const { chain, ...verdict } = result;
  return {
    ...base,
    ...verdict,
    chain: chain ?? null,
    application: {
      id: record.applicationId,
      kind: record.kind,
      recorded_at: record.recordedAt.toISOString(),
      signer: record.signer,
    },
    talent: {
      id: record.talent.id,
      name: record.talent.name,
      last_name: record.talent.lastName,
      avatar_url: record.talent.avatarUrl,
    },
    posting: {
      id: posting.id,
      kind: record.kind,
      name: posting.name,
      business: posting.owner.company ?? posting.owner.name,
    },
  };
}

/**
 * The verdict of one stored record (a review's proof, docs/api.md "Reviews"): the chain's answer
 * (through the same brief cache as the public page) compared with what the application stores,
 * without reading the database again. Never fails because a chain does.
 */
export async function recordVerdict(
  ctx: TCtx,
  network: TProofNetwork,
  txId: string,
  record: { kind: TKind; postingId: number; talentId: number; signer: string | null },
): Promise<TChainCheck['verdict']> {
  try {
    const result = await check(ctx.deps.chains, network, txId, {
      kind: record.kind,
      applicationId: 0,
      postingId: record.postingId,
      recordedAt: ctx.now,
      signer: record.signer,
      talent: { id: record.talentId, name: '', lastName: '', avatarUrl: null },
    });
    return result.verdict;
  } catch {
    return 'unreachable';
  }
}
