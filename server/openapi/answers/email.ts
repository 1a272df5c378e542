import * as v from 'valibot';
import { EMAIL_DELIVERY_LIST, EMAIL_KIND_LIST } from '@/lib/schemas/email';
import { ok } from '../registry';

// E-mail preferences and unsubscribing (docs/api.md "E-mail").

const delivery = () => v.picklist(EMAIL_DELIVERY_LIST);

export const emailPreferencesData = v.strictObject({
  messages: delivery(),
  application_updates: delivery(),
  new_applicants: delivery(),
  alerts: delivery(),
});

export const emailPreferencesAnswer = ok(emailPreferencesData);

export const emailPreferencesSavedAnswer = v.strictObject({
  status: v.literal(true),
  data: emailPreferencesData,
  message: v.string(),
  message_es: v.string(),
});

export const unsubscribedAnswer = v.strictObject({
  status: v.literal(true),
  data: v.strictObject({ kind: v.picklist(EMAIL_KIND_LIST), delivery: v.literal('off') }),
  message: v.string(),
  message_es: v.string(),
});
