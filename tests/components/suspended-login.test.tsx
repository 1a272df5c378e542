import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginForm } from '@/components/auth/login-form';
import { users } from '@/db/schema';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// A suspended account's sign-in (docs/product.md "Reports and suspension"): the login page says
// the account is suspended, in the page's language, once the password was right.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

const T = {
  en: {
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    said: "This account is suspended. Write to the platform's support if you think this is a mistake.",
  },
  es: {
    email: 'Correo',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    said: 'Esta cuenta está suspendida. Escribe al soporte de la plataforma si crees que es un error.',
  },
} as const;

describe.each(['en', 'es'] as const)('signing in to a suspended account (%s)', (locale) => {
  it('says the account is suspended', async () => {
    const user = userEvent.setup();
    const suspended = await server.signUp();
    await server.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, suspended.id));
    const t = T[locale];
    await renderWithApp(<LoginForm />, { locale });
    await user.type(screen.getByLabelText(t.email), suspended.email);
    await user.type(screen.getByLabelText(t.password), suspended.password);
    await user.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(t.said)).toBeInTheDocument();
  });
});
