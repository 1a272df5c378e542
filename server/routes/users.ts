import { Hono } from 'hono';
import type { TAppEnv } from '@/server/context';
import { requestAddress } from '@/server/http/client-address';
import { jsonBody, parseWith } from '@/server/lib/validate';
import { caller, optionalAuth, requireAuth } from '@/server/middleware/auth';
import {
  emailIsRegistered,
  loginWithGoogle,
  loginWithPassword,
} from '@/server/services/users/login';
import { changePassword } from '@/server/services/users/password-change';
import { requestRecoveryCode, resetPasswordWithCode } from '@/server/services/users/recovery';
import { registerUser } from '@/server/services/users/registration';
import { userDtoFor } from '@/server/services/users/user-dto';
import {
  ZChangePasswordInput,
  ZCheckEmailInput,
  ZGoogleLoginInput,
  ZLoginInput,
  ZRecoveryEmailInput,
  ZRecoveryPasswordInput,
  ZRegisterInput,
  ZUserIdParam,
} from '@/server/services/users/user-schemas';

/** Accounts: seed §7's user calls, with the exact answers of API.md. */
export const userRoutes = new Hono<TAppEnv>()
  .post('/users/register', async (c) => {
    const input = await jsonBody(c, ZRegisterInput);
    const deps = c.get('deps');
    const { accessToken, user } = await registerUser({
      db: c.get('db'),
      deps,
      ip: requestAddress(c),
      input,
    });
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
    const input = await jsonBody(c, ZLoginInput);
    const { accessToken, user } = await loginWithPassword({
      db: c.get('db'),
      deps: c.get('deps'),
      ip: requestAddress(c),
      input,
    });
    return c.json({ status: true, access_token: accessToken, data: user });
  })
  .post('/users/login/google', async (c) => {
    const input = await jsonBody(c, ZGoogleLoginInput);
    const { accessToken, user } = await loginWithGoogle({
      db: c.get('db'),
      deps: c.get('deps'),
      idToken: input.google_id_token,
    });
    return c.json({ status: true, access_token: accessToken, data: user });
  })
  .post('/users/check/email', async (c) => {
    const { email } = await jsonBody(c, ZCheckEmailInput);
    const found = await emailIsRegistered({
      db: c.get('db'),
      deps: c.get('deps'),
      ip: requestAddress(c),
      email,
    });
    if (found) return c.json({ status: true });
    // "No such account" is an ordinary answer of this call (seed §7), hence 200, not 404.
    return c.json({
      status: false,
      code: 'not_found',
      message: 'No account uses this e-mail.',
      message_es: 'Ninguna cuenta usa este correo.',
    });
  })
  .post('/users/recovery/email', async (c) => {
    const input = await jsonBody(c, ZRecoveryEmailInput);
    await requestRecoveryCode({
      db: c.get('db'),
      deps: c.get('deps'),
      ip: requestAddress(c),
      input,
    });
    return c.json({
      status: true,
      message: 'Check your email!',
      message_es: '¡Revisa tu correo!',
    });
  })
  .post('/users/recovery/password', async (c) => {
    const input = await jsonBody(c, ZRecoveryPasswordInput);
    await resetPasswordWithCode({
      db: c.get('db'),
      deps: c.get('deps'),
      ip: requestAddress(c),
      input,
    });
    return c.json({
      status: true,
      message: 'Password changed!',
      message_es: '¡Contraseña cambiada!',
    });
  })
  .post('/users/password', requireAuth, async (c) => {
    const input = await jsonBody(c, ZChangePasswordInput);
    const { accessToken } = await changePassword({
      db: c.get('db'),
      deps: c.get('deps'),
      userId: caller(c).id,
      input,
    });
    return c.json({
      status: true,
      access_token: accessToken,
      message: 'Password changed successfully',
      message_es: 'Contraseña cambiada correctamente',
    });
  })
  .get('/users/id/:id', optionalAuth, async (c) => {
    const { id } = parseWith(ZUserIdParam, c.req.param());
    return c.json({ status: true, data: await userDtoFor(c.get('db'), id, c.get('user')) });
  });
