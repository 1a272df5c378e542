import { Hono } from 'hono';
import {
  algoAddressSchema,
  nearWalletSchema,
  paypalEmailSchema,
  userInfoSchema,
} from '@/lib/schemas/profile';
import type { TAppEnv } from '@/server/context';
import { jsonBody } from '@/server/lib/validate';
import { requireAuth } from '@/server/middleware/auth';
import * as info from '@/server/services/profile/info';

const INFO_SAVED = {
  message: 'Successfully updated',
  message_es: 'Información guardada correctamente',
};
const WALLET_SAVED = { message: 'Wallet updated', message_es: 'Billetera actualizada' };
const PAYPAL_SAVED = {
  message: 'Payment e-mail updated',
  message_es: 'Correo de pago actualizado',
};

/** Personal and professional info, wallets and the payment e-mail: each answers what it changed. */
export const profileInfoRoutes = new Hono<TAppEnv>()
  .patch('/users/info', requireAuth, async (c) => {
    const input = await jsonBody(c, userInfoSchema);
    const data = await info.updateUserInfo(c.var.ctx, input);
    return c.json({ status: true, data, ...INFO_SAVED });
  })
  .patch('/users/update_algo_address', requireAuth, async (c) => {
    const input = await jsonBody(c, algoAddressSchema);
    const data = await info.updateAlgoAddress(c.var.ctx, input);
    return c.json({ status: true, data, ...WALLET_SAVED });
  })
  .patch('/users/update_near_wallet', requireAuth, async (c) => {
    const input = await jsonBody(c, nearWalletSchema);
    const data = await info.updateNearWallet(c.var.ctx, input);
    return c.json({ status: true, data, ...WALLET_SAVED });
  })
  .post('/users/paypal/email', requireAuth, async (c) => {
    const input = await jsonBody(c, paypalEmailSchema);
    const data = await info.updatePaypalEmail(c.var.ctx, input);
    return c.json({ status: true, data, ...PAYPAL_SAVED });
  });
