import * as v from 'valibot';
import {
  auditQuery,
  VERIFICATION_KINDS,
  verificationDecisionSchema,
  verificationQueueQuery,
} from '@/lib/schemas/admin';
import {
  newReviewSchema,
  reviewReplySchema,
  reviewsQuery,
  reviewStateQuery,
} from '@/lib/schemas/reviews';
import { newReportSchema, reportsQuerySchema, resolveReportSchema } from '@/lib/schemas/trust';
import { okSaid, pageOf } from '../answers/messages';
import {
  adminUser,
  decidedEntry,
  operatorAct,
  ownReview,
  reportCreated,
  reportItem,
  reviewPage,
  reviewState,
  verificationItem,
} from '../answers/trust';
import { defineOperations, ok } from '../registry';

// Reviews, reports and the operators' console (docs/api.md "Reviews", "Reports", "Operators"):
// server/routes/reviews.ts, trust.ts and admin.ts. The operators' calls answer 404 to anyone
// but an operator.

export const trustOperations = defineOperations([
  {
    method: 'post',
    path: '/reviews',
    summary: 'Reviews the other side of a finished, hired application (within 14 days).',
    tag: 'Reviews',
    auth: 'user',
    body: newReviewSchema,
    responses: { 201: okSaid(ownReview) },
  },
  {
    method: 'post',
    path: '/reviews/:id/reply',
    summary: 'Replies once to a published review of the caller (or of their company).',
    tag: 'Reviews',
    auth: 'user',
    body: reviewReplySchema,
    responses: { 201: okSaid(ownReview) },
  },
  {
    method: 'get',
    path: '/me/reviews',
    summary: "Where the caller's side stands on the reviews of one application.",
    tag: 'Reviews',
    auth: 'user',
    query: reviewStateQuery,
    responses: { 200: ok(reviewState) },
  },
  {
    method: 'get',
    path: '/users/:id/reviews',
    summary: "A page of a talent's published reviews, written by companies, with the average.",
    tag: 'Reviews',
    auth: 'optional',
    query: reviewsQuery,
    responses: { 200: ok(reviewPage) },
  },
  {
    method: 'get',
    path: '/companies/:slug/reviews',
    summary: "A page of a company's published reviews, written by talents, with the average.",
    tag: 'Reviews',
    auth: 'optional',
    params: { slug: v.string() },
    query: reviewsQuery,
    responses: { 200: ok(reviewPage) },
  },
  {
    method: 'post',
    path: '/reports',
    summary: 'Reports a posting, a profile, a message or a review to the operators.',
    tag: 'Reports',
    auth: 'user',
    body: newReportSchema,
    responses: { 201: okSaid(reportCreated) },
  },
  {
    method: 'get',
    path: '/admin/verifications',
    summary: 'A page of the experiences and study centres waiting for verification, oldest first.',
    tag: 'Operators',
    auth: 'operator',
    query: verificationQueueQuery,
    responses: { 200: ok(pageOf(verificationItem)) },
  },
  {
    method: 'post',
    path: '/admin/verifications/:kind/:id',
    summary: 'Verifies (3) or rejects (4, with a reason) an entry waiting for verification.',
    tag: 'Operators',
    auth: 'operator',
    params: { kind: v.picklist(VERIFICATION_KINDS) },
    body: verificationDecisionSchema,
    responses: { 200: okSaid(decidedEntry) },
  },
  {
    method: 'get',
    path: '/admin/audit',
    summary: "A page of the operators' acts, newest first.",
    tag: 'Operators',
    auth: 'operator',
    query: auditQuery,
    responses: { 200: ok(pageOf(operatorAct)) },
  },
  {
    method: 'get',
    path: '/admin/reports',
    summary: 'A page of the open reports (oldest first) or the resolved ones (newest first).',
    tag: 'Operators',
    auth: 'operator',
    query: reportsQuerySchema,
    responses: { 200: ok(pageOf(reportItem)) },
  },
  {
    method: 'post',
    path: '/admin/reports/:id/resolve',
    summary: 'Decides an open report: dismiss, hide the thing, or suspend its author.',
    tag: 'Operators',
    auth: 'operator',
    body: resolveReportSchema,
    responses: { 200: okSaid(reportItem) },
  },
  {
    method: 'get',
    path: '/admin/users/:id',
    summary: 'An account as an operator sees it: whether suspended, hidden or deleted.',
    tag: 'Operators',
    auth: 'operator',
    responses: { 200: ok(adminUser) },
  },
  {
    method: 'post',
    path: '/admin/users/:id/unsuspend',
    summary: 'Lifts a suspension: the postings it hid come back.',
    tag: 'Operators',
    auth: 'operator',
    responses: { 200: okSaid(adminUser) },
  },
]);
