import { call } from './http-client';

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
