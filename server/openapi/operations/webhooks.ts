import * as v from 'valibot';
import { createWebhookSchema, webhookDeliveriesQuerySchema } from '@/lib/schemas/webhooks';
import {
  createdWebhookAnswer,
  deletedWebhookAnswer,
  webhookAnswer,
  webhookDeliveriesPage,
} from '@/server/openapi/answers/webhooks';
import { defineOperations, ok } from '@/server/openapi/registry';

// A company's webhooks (docs/api.md "Webhooks"): its owners and admins only.

const TAG = 'Webhooks';

export const webhooksOperations = defineOperations([
  {
    method: 'post',
    path: '/companies/:id{[0-9]+}/webhooks',
    summary: 'Adds a webhook endpoint to the company; its signing secret is answered only here.',
    tag: TAG,
    auth: 'business',
    body: createWebhookSchema,
    responses: { 201: createdWebhookAnswer },
  },
  {
    method: 'get',
    path: '/companies/:id{[0-9]+}/webhooks',
    summary: "Lists the company's webhook endpoints (without their secrets), newest first.",
    tag: TAG,
    auth: 'business',
    responses: { 200: ok(v.array(webhookAnswer)) },
  },
  {
    method: 'delete',
    path: '/companies/:id{[0-9]+}/webhooks/:webhook_id',
    summary: 'Deletes a webhook endpoint and its delivery log.',
    tag: TAG,
    auth: 'business',
    responses: { 200: deletedWebhookAnswer },
  },
  {
    method: 'get',
    path: '/companies/:id{[0-9]+}/webhooks/:webhook_id/deliveries',
    summary: "An endpoint's delivery log, newest first, paged.",
    tag: TAG,
    auth: 'business',
    query: webhookDeliveriesQuerySchema,
    responses: { 200: ok(webhookDeliveriesPage) },
  },
]);
