import * as v from 'valibot';
import { listQuery } from './common';
import { noControlChars } from './text';

// A company's webhooks (docs/api.md "Webhooks"): the endpoint's address and the events it takes.
// The address's own rules (https, no credentials, public hosts) are the server's
// (server/services/open/webhook-address.ts): they need DNS.

/** The events an endpoint may subscribe to, in the order the page lists them. */
export const WEBHOOK_EVENTS = [
  'application.created',
  'application.status_changed',
  'posting.closed',
  'message.created',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_LIMITS = {
  /** Endpoints one company keeps (docs/api.md "Webhooks"). */
  perCompany: 10,
  url: 2000,
} as const;

/** `POST /companies/{id}/webhooks`. Unknown fields are dropped; events are deduplicated. */
export const createWebhookSchema = /* @__PURE__ */ v.object({
  url: v.pipe(
    v.string('invalid_type'),
    noControlChars(),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(WEBHOOK_LIMITS.url, 'too_long'),
    v.url('url'),
  ),
  events: v.pipe(
    v.array(v.picklist(WEBHOOK_EVENTS, 'choice'), 'invalid_type'),
    v.minLength(1, 'required'),
    v.maxLength(WEBHOOK_EVENTS.length * 2, 'too_long'),
    v.transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
  ),
});
export type TCreateWebhookInput = v.InferInput<typeof createWebhookSchema>;

/** `GET /companies/{id}/webhooks/{webhook_id}/deliveries`: newest first, at most 50 a page. */
export const webhookDeliveriesQuerySchema = /* @__PURE__ */ listQuery(20);
