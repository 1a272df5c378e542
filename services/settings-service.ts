import { call } from './http-client';
import type { TEmailPreferences } from '@/lib/schemas/email';

/**
 * The settings' calls, outside the server-data cache: what they change is kept in the stored
 * user (docs/product.md "Entities and fields"), so /profile/settings loads no cache library.
 */

/** The payment-provider e-mail (docs/product.md "The calls" `POST users/paypal/email`); null removes it. */
export const updatePaypalEmail = (email: string | null) =>
  call<{ paypal_email: string | null }>({
    method: 'POST',
    url: '/users/paypal/email',
    data: { paypal_email: email },
  });

/** The e-mail preferences (docs/api.md "E-mail"): how each kind of e-mail is delivered. */
export const getEmailPreferences = () =>
  call<TEmailPreferences>({ method: 'GET', url: '/me/email_preferences' });

/** Changes some kinds; the answer is the four. */
export const updateEmailPreferences = (patch: Partial<TEmailPreferences>) =>
  call<TEmailPreferences>({ method: 'PATCH', url: '/me/email_preferences', data: patch });
