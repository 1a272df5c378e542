import * as v from 'valibot';
import { WEBHOOK_EVENTS } from '@/lib/schemas/webhooks';
import { isoDate } from '@/server/openapi/registry';

// The answers of a company's webhook calls (docs/api.md "Webhooks"), strict: a field added or
// missing fails the answer check.

const events = () => v.array(v.picklist(WEBHOOK_EVENTS));

/** `POST /companies/{id}/webhooks`: the new endpoint with its secret, shown this once. */
export const createdWebhookAnswer = v.strictObject({
  status: v.literal(true),
  data: v.strictObject({
    id: v.number(),
    url: v.string(),
    events: events(),
    secret: v.pipe(v.string(), v.regex(/^whsec_/)),
    created_at: isoDate(),
  }),
  message: v.string(),
  message_es: v.string(),
});

/** One endpoint as listed: no secret. */
export const webhookAnswer = v.strictObject({
  id: v.number(),
  url: v.string(),
  events: events(),
  enabled: v.boolean(),
  disabled_at: v.nullable(isoDate()),
  failures: v.number(),
  created_at: isoDate(),
  last_delivery: v.nullable(
    v.strictObject({
      status: v.picklist(['pending', 'delivered', 'failed']),
      created_at: isoDate(),
    }),
  ),
});

/** `DELETE /companies/{id}/webhooks/{webhook_id}`. */
export const deletedWebhookAnswer = v.strictObject({
  status: v.literal(true),
  message: v.string(),
  message_es: v.string(),
});

/** One delivery of the log. */
export const webhookDeliveryAnswer = v.strictObject({
  id: v.number(),
  event: v.picklist(WEBHOOK_EVENTS),
  message_id: v.string(),
  status: v.picklist(['pending', 'delivered', 'failed']),
  attempts: v.number(),
  last_status: v.nullable(v.number()),
  last_error: v.nullable(v.string()),
  created_at: isoDate(),
  delivered_at: v.nullable(isoDate()),
  next_attempt_at: v.nullable(isoDate()),
});

/** A page of the log. */
export const webhookDeliveriesPage = v.strictObject({
  data: v.array(webhookDeliveryAnswer),
  total: v.number(),
  page: v.number(),
  per_page: v.number(),
  last_page: v.number(),
});
