import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsubscribeScreen } from '@/components/email/unsubscribe-screen';
import { signUnsubscribeToken } from '@/server/mail/unsubscribe';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// The page of an e-mail's unsubscribe link (docs/product.md "E-mail that respects people"): it
// names what its button turns off, changes nothing until pressed, and then says it is done, with
// a way to the settings. Against the real API.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

const TEXTS = {
  en: {
    ask: 'Press the button to stop receiving e-mails about updates on your applications.',
    button: 'Stop these e-mails',
    done: 'Done. You will no longer receive e-mails about updates on your applications.',
    settings: 'choose your e-mails in Settings',
    invalid:
      'This unsubscribe link is not valid. Signed in, you can choose your e-mails in Settings.',
  },
  es: {
    ask: 'Pulsa el botón para dejar de recibir correos sobre las novedades de tus postulaciones.',
    button: 'Dejar de recibir estos correos',
    done: 'Listo. Ya no recibirás correos sobre las novedades de tus postulaciones.',
    settings: 'elige tus correos en Configuración',
    invalid:
      'Este enlace para darse de baja no es válido. Con tu sesión iniciada, puedes elegir tus correos en Configuración.',
  },
} as const;

describe.each(['en', 'es'] as const)('the unsubscribe page (%s)', (locale) => {
  const x = TEXTS[locale];

  it('names what it turns off, changes nothing until the button is pressed, then says it is done', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    const token = await signUnsubscribeToken(ana.id, 'application_updates', server.deps.jwtSecret);
    const from = server.requests.length;
    await renderWithApp(<UnsubscribeScreen token={token} kind="application_updates" />, {
      locale,
    });
    expect(screen.getByText(x.ask)).toBeInTheDocument();
    expect(server.requests.length).toBe(from);
    const prefs = () => server.call('GET', '/me/email_preferences', { token: ana.token });
    expect((await prefs()).json.data).toMatchObject({ application_updates: 'instant' });

    await user.click(screen.getByRole('button', { name: x.button }));
    expect(await screen.findByRole('status')).toHaveTextContent(x.done);
    expect(screen.getByRole('link', { name: x.settings })).toHaveAttribute(
      'href',
      expect.stringContaining('/profile/settings#email'),
    );
    expect(server.requests.slice(from)).toEqual([`POST /unsubscribe List-Unsubscribe=One-Click`]);
    expect((await prefs()).json.data).toMatchObject({ application_updates: 'off' });
  });

  it('a link that is not valid says so, with a way to the settings and no button', async () => {
    await renderWithApp(<UnsubscribeScreen token="nonsense" kind={null} />, { locale });
    expect(screen.getByRole('alert')).toHaveTextContent(x.invalid);
    expect(screen.getByRole('link', { name: x.settings })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a link refused when pressed (tampered since the page loaded) says it is not valid', async () => {
    const user = userEvent.setup();
    await renderWithApp(<UnsubscribeScreen token="a.b.c" kind="messages" />, { locale });
    await user.click(screen.getByRole('button', { name: x.button }));
    expect(await screen.findByRole('alert')).toHaveTextContent(x.invalid.split('.')[0]!);
  });
});
