import { emailPreferencesPatchSchema, unsubscribeQuerySchema } from '@/lib/schemas/email';
import {
  emailPreferencesAnswer,
  emailPreferencesSavedAnswer,
  unsubscribedAnswer,
} from '../answers/email';
import { defineOperations } from '../registry';

export const emailOperations = defineOperations([
  {
    method: 'get',
    path: '/me/email_preferences',
    summary: 'How each kind of e-mail is delivered: instant, daily digest or off.',
    tag: 'E-mail',
    auth: 'user',
    responses: { 200: emailPreferencesAnswer },
  },
  {
    method: 'patch',
    path: '/me/email_preferences',
    summary: 'Changes the delivery of any of the four kinds of e-mail.',
    tag: 'E-mail',
    auth: 'user',
    body: emailPreferencesPatchSchema,
    responses: { 200: emailPreferencesSavedAnswer },
  },
  {
    method: 'post',
    path: '/unsubscribe',
    summary: "One-click unsubscribe (RFC 8058) with the e-mail link's signed token.",
    tag: 'E-mail',
    auth: 'none',
    query: unsubscribeQuerySchema,
    responses: { 200: unsubscribedAnswer },
  },
  {
    method: 'get',
    path: '/unsubscribe',
    summary: 'Opening the link changes nothing: a redirect to the page that asks.',
    tag: 'E-mail',
    auth: 'none',
    query: unsubscribeQuerySchema,
    responses: { 303: { redirect: 'the unsubscribe page, in the user’s language' } },
  },
]);
