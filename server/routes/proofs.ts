import { Hono } from 'hono';
import type { TAppEnv } from '@/server/context';
import { AppError } from '@/server/errors';
import { PROOF_NETWORKS, verifyProof } from '@/server/services/proofs/proofs';

// Public verification of on-chain records (docs/api.md "Proofs"): no account needed.

/** Browsers and proxies may reuse an answer briefly; the server caches the chains' too. */
const PROOF_CACHE = 'public, max-age=30';

export const proofRoutes = new Hono<TAppEnv>().get('/proofs/:network/:txId', async (c) => {
  const network = PROOF_NETWORKS.find((n) => n === c.req.param('network'));
  if (!network) throw new AppError('not_found');
  const data = await verifyProof(c.var.ctx, network, c.req.param('txId'));
  c.header('Cache-Control', PROOF_CACHE);
  return c.json({ status: true, data });
});
