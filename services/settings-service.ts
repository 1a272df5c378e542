import { call } from './http-client';

/**
 * The settings' calls, outside the server-data cache: what they change is kept in the stored
 * user (seed §3), so /profile/settings loads no cache library.
 */

/** The payment-provider e-mail (seed §7 `POST users/paypal/email`); null removes it. */
export const updatePaypalEmail = (email: string | null) =>
  call<{ paypal_email: string | null }>({
    method: 'POST',
    url: '/users/paypal/email',
    data: { paypal_email: email },
  });
