import * as v from 'valibot';
import { newTokenSchema } from '@/lib/schemas/tokens';
import { listedTokenAnswer, newTokenAnswer } from '@/server/openapi/answers/tokens';
import { doneSaid, okSaid } from '@/server/openapi/answers/messages';
import { defineOperations, ok } from '@/server/openapi/registry';

// Personal access tokens (docs/api.md "Personal access tokens"): made, listed and revoked with a
// session only; no token may call these.

export const tokensOperations = defineOperations([
  {
    method: 'get',
    path: '/me/tokens',
    summary: "The caller's personal access tokens, without their secrets (revoked ones left out).",
    tag: 'Personal access tokens',
    auth: 'user',
    responses: { 200: ok(v.array(listedTokenAnswer)) },
  },
  {
    method: 'post',
    path: '/me/tokens',
    summary: 'Makes a personal access token; its secret is answered this once.',
    tag: 'Personal access tokens',
    auth: 'user',
    body: newTokenSchema,
    responses: { 201: okSaid(newTokenAnswer) },
  },
  {
    method: 'delete',
    path: '/me/tokens/:id',
    summary: "Revokes one of the caller's personal access tokens: it stops working at once.",
    tag: 'Personal access tokens',
    auth: 'user',
    responses: { 200: doneSaid() },
  },
]);
