import { Hono } from 'hono';
import {
  changeEmailSchema,
  confirmEmailSchema,
  deleteAccountSchema,
  emailVerificationSchema,
} from '@/lib/schemas/account';
import type { TAppEnv } from '@/server/context';
import { jsonBody } from '@/server/lib/validate';
import { requireAuth } from '@/server/middleware/auth';
import { deleteAccount } from '@/server/services/account/deletion';
import {
  confirmEmail,
  requestEmailChange,
  resendEmailConfirmation,
} from '@/server/services/account/email';
import { exportAccount, exportFileName } from '@/server/services/account/export';

// One's own account (docs/api.md "One's own account"): the address confirmed and changed, the
// data taken away, the account deleted.
export const accountRoutes = new Hono<TAppEnv>()
  .post('/me/email/verification', requireAuth, async (c) => {
    const input = await jsonBody(c, emailVerificationSchema);
    const data = await resendEmailConfirmation(c.var.ctx, input);
    return c.json({
      status: true,
      data,
      message: 'We sent you the link again.',
      message_es: 'Te enviamos el enlace de nuevo.',
    });
  })
  // No session needed: the link's signed token is the proof (a confirmation opened elsewhere).
  .post('/me/email/confirm', async (c) => {
    const input = await jsonBody(c, confirmEmailSchema);
    const data = await confirmEmail(c.var.ctx, input);
    return c.json({
      status: true,
      data,
      message: 'Your e-mail is confirmed.',
      message_es: 'Tu correo está confirmado.',
    });
  })
  .post('/me/email', requireAuth, async (c) => {
    const input = await jsonBody(c, changeEmailSchema);
    const data = await requestEmailChange(c.var.ctx, input);
    return c.json({
      status: true,
      data,
      message: 'Check the new address: the change happens once you open the link.',
      message_es: 'Revisa la nueva dirección: el cambio ocurre cuando abras el enlace.',
    });
  })
  .get('/me/export', requireAuth, async (c) => {
    const document = await exportAccount(c.var.ctx);
    // The document itself, as a file to keep (not the envelope): docs/api.md "One's own account".
    return c.body(JSON.stringify(document, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(c.var.ctx.now)}"`,
      'Cache-Control': 'private, no-store',
    });
  })
  .delete('/me', requireAuth, async (c) => {
    const input = await jsonBody(c, deleteAccountSchema);
    const data = await deleteAccount(c.var.ctx, input);
    return c.json({
      status: true,
      data,
      message: 'Your account was deleted.',
      message_es: 'Tu cuenta fue eliminada.',
    });
  });
