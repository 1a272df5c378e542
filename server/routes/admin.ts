import { Hono, type Context } from 'hono';
import {
  auditQuery,
  VERIFICATION_KINDS,
  verificationDecisionSchema,
  verificationQueueQuery,
  type TVerificationKind,
} from '@/lib/schemas/admin';
import { MAX_ID } from '@/lib/schemas/common';
import type { TAppEnv } from '@/server/context';
import { AppError } from '@/server/errors';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { requireOperator } from '@/server/middleware/auth';
import { listOperatorAudit } from '@/server/services/trust/audit';
import { decideVerification, listVerificationQueue } from '@/server/services/trust/verifications';

// The operator's console (docs/api.md "Operators"): every call answers operators only; anyone
// else, a missing or bad token included, gets 404 as if the call did not exist (requireOperator).

/** What a decision did, by `verify_status_id` (3 verified, 4 refused); the talent is told both. */
const DECIDED = {
  3: {
    message: 'Entry verified. The talent has been told.',
    message_es: 'Entrada verificada. Se avisó al talento.',
  },
  4: {
    message: 'Verification refused. The talent has been told why.',
    message_es: 'Verificación rechazada. Se avisó al talento del motivo.',
  },
} as const;

/** The entry of the path: a kind and an id within the ids' range; anything else 404. */
function entryOf(c: Context<TAppEnv>): { kind: TVerificationKind; id: number } {
  const kind = c.req.param('kind') ?? '';
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (!(VERIFICATION_KINDS as readonly string[]).includes(kind) || id === 0 || id > MAX_ID) {
    throw new AppError('not_found');
  }
  return { kind: kind as TVerificationKind, id };
}

export const adminRoutes = new Hono<TAppEnv>()
  .get('/admin/verifications', requireOperator, async (c) => {
    const { status: _status, ...page } = queryParams(c, verificationQueueQuery);
    return c.json({ status: true, data: await listVerificationQueue(c.var.ctx, page) });
  })
  .post('/admin/verifications/:kind/:id', requireOperator, async (c) => {
    const entry = entryOf(c);
    const input = await jsonBody(c, verificationDecisionSchema);
    const data = await decideVerification(c.var.ctx, { ...input, ...entry });
    return c.json({ status: true, data, ...DECIDED[input.verify_status_id] });
  })
  .get('/admin/audit', requireOperator, async (c) => {
    const page = queryParams(c, auditQuery);
    return c.json({ status: true, data: await listOperatorAudit(c.var.ctx, page) });
  });
