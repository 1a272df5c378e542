import { Hono } from 'hono';
import {
  changePasswordSchema,
  checkEmailSchema,
  googleLoginSchema,
  loginSchema,
  recoveryEmailSchema,
  recoveryPasswordSchema,
  registerSchema,
  userIdParamSchema,
} from '@/lib/schemas/users';
import type { TAppEnv } from '@/server/context';
import { jsonBody, pathParams } from '@/server/lib/validate';
import { optionalAuth, requireAuth } from '@/server/middleware/auth';
import {
  emailIsRegistered,
  loginWithGoogle,
  loginWithPassword,
} from '@/server/services/users/login';
import { changePassword } from '@/server/services/users/password-change';
import { requestRecoveryCode, resetPasswordWithCode } from '@/server/services/users/recovery';
import { registerUser } from '@/server/services/users/registration';
import { getUser } from '@/server/services/users/user-dto';

const PASSWORDS_DIFFER = {
  passwords_differ: {
    message: 'Passwords do not match',
    messageEs: 'Las contraseñas no coinciden',
  },
};

/** Accounts: the seed's "The calls" (docs/product.md) user calls, with the exact answers of docs/api.md. */
export const userRoutes = new Hono<TAppEnv>()
  .post('/users/register', async (c) => {
    const input = await jsonBody(c, registerSchema);
    const { accessToken, user } = await registerUser(c.var.ctx, input);
    return c.json(
      {
        status: true,
        data: user,
        access_token: accessToken,
        message: 'Registration successful!',
        message_es: '¡Registro exitoso!',
      },
      201,
    );
  })
  .post('/users/login', async (c) => {
    const input = await jsonBody(c, loginSchema);
    const { accessToken, user } = await loginWithPassword(c.var.ctx, input);
    return c.json({ status: true, access_token: accessToken, data: user });
  })
  .post('/users/login/google', async (c) => {
    const input = await jsonBody(c, googleLoginSchema);
    const { accessToken, user } = await loginWithGoogle(c.var.ctx, input);
    return c.json({ status: true, access_token: accessToken, data: user });
  })
  .post('/users/check/email', async (c) => {
    const input = await jsonBody(c, checkEmailSchema);
    if (await emailIsRegistered(c.var.ctx, input)) return c.json({ status: true });
    // "No such account" is an ordinary answer of this call (docs/product.md "The calls"), hence 200, not 404.
    return c.json({
      status: false,
      code: 'not_found',
      message: 'No account uses this e-mail.',
      message_es: 'Ninguna cuenta usa este correo.',
    });
  })
  .post('/users/recovery/email', async (c) => {
    const input = await jsonBody(c, recoveryEmailSchema);
    await requestRecoveryCode(c.var.ctx, input);
    return c.json({ status: true, message: 'Check your email!', message_es: '¡Revisa tu correo!' });
  })
  .post('/users/recovery/password', async (c) => {
    const input = await jsonBody(c, recoveryPasswordSchema);
    await resetPasswordWithCode(c.var.ctx, input);
    return c.json({
      status: true,
      message: 'Password changed!',
      message_es: '¡Contraseña cambiada!',
    });
  })
  .post('/users/password', requireAuth, async (c) => {
    const input = await jsonBody(c, changePasswordSchema, PASSWORDS_DIFFER);
    const { accessToken } = await changePassword(c.var.ctx, input);
    return c.json({
      status: true,
      access_token: accessToken,
      message: 'Password changed successfully',
      message_es: 'Contraseña cambiada correctamente',
    });
  })
  .get('/users/id/:id', optionalAuth, async (c) => {
    const input = pathParams(c, userIdParamSchema);
    return c.json({ status: true, data: await getUser(c.var.ctx, input) });
  });
