import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Header } from '@/components/layout/header';
import { PersonalSection } from '@/components/profile/personal-section';
import { SessionProvider } from '@/store/session';
import type { TUser } from '@/types/user';
import { startClientApi } from '../helpers/client-api';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// The header as a new user meets it (docs/product.md "Look and behaviour"): the main links for
// who is signed in, a business's "Post a project or job", and the profile photo as the avatar.

type TLocale = 'en' | 'es';
const TEXT = {
  en: {
    main: 'Main',
    opportunities: 'Opportunities',
    applications: 'My applications',
    postings: 'My postings',
    post: 'Post a project or job',
    project: 'Post a project',
    job: 'Post a job',
    signIn: 'Sign in',
    photo: 'Your photo',
    menu: /account menu/i,
  },
  es: {
    main: 'Principal',
    opportunities: 'Oportunidades',
    applications: 'Mis postulaciones',
    postings: 'Mis publicaciones',
    post: 'Publicar un proyecto o empleo',
    project: 'Publicar un proyecto',
    job: 'Publicar un empleo',
    signIn: 'Iniciar sesión',
    photo: 'Tu foto',
    menu: /menú de la cuenta/i,
  },
} as const;

async function renderHeader(locale: TLocale, user?: TUser) {
  return renderWithApp(
    <SessionProvider persistor={null} rehydrated>
      <Header />
      <a href="#after">after the header</a>
    </SessionProvider>,
    { locale, session: user ? { user, accessToken: 'token' } : undefined },
  );
}

const mainLinks = (locale: TLocale) =>
  within(screen.getByRole('navigation', { name: TEXT[locale].main }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

for (const locale of ['en', 'es'] as const) {
  const tx = TEXT[locale];

  describe(`the header (${locale})`, () => {
    it('offers a visitor the opportunities, sign-in and registration, and nothing to post', async () => {
      await renderHeader(locale);
      expect(mainLinks(locale)).toEqual([[tx.opportunities, '/opportunities']]);
      expect(screen.getByRole('link', { name: tx.signIn })).toHaveAttribute('href', '/auth/login');
      expect(screen.queryByRole('button', { name: tx.post })).not.toBeInTheDocument();
    });

    it('gives a talent their applications in one tap, beside the opportunities', async () => {
      await renderHeader(locale, makeUser());
      expect(mainLinks(locale)).toEqual([
        [tx.opportunities, '/opportunities'],
        [tx.applications, '/applications'],
      ]);
      expect(screen.queryByRole('button', { name: tx.post })).not.toBeInTheDocument();
    });

    it('gives a business its postings and "Post a project or job", which leads to both forms', async () => {
      const user = userEvent.setup();
      await renderHeader(locale, makeUser({ is_talent: false }));
      expect(mainLinks(locale)).toEqual([
        [tx.opportunities, '/opportunities'],
        [tx.postings, '/business/postings'],
      ]);
      const post = screen.getByRole('button', { name: tx.post });
      expect(post).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('link', { name: tx.project })).not.toBeInTheDocument();

      await user.click(post);
      expect(post).toHaveAttribute('aria-expanded', 'true');
      const list = document.getElementById(post.getAttribute('aria-controls')!)!;
      expect(within(list).getByRole('link', { name: tx.project })).toHaveAttribute(
        'href',
        '/business/projects/new',
      );
      expect(within(list).getByRole('link', { name: tx.job })).toHaveAttribute(
        'href',
        '/business/jobs/new',
      );
      // Focus stays on the button; Tab goes on into the links; Escape closes back to the button.
      expect(post).toHaveFocus();
      await user.tab();
      expect(within(list).getByRole('link', { name: tx.project })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(post).toHaveAttribute('aria-expanded', 'false');
      expect(post).toHaveFocus();
      expect(screen.queryByRole('link', { name: tx.project })).not.toBeInTheDocument();

      await user.click(post);
      await user.click(screen.getByRole('link', { name: 'after the header' }));
      expect(post).toHaveAttribute('aria-expanded', 'false');
    });

    it('shows the profile photo as the avatar, with its text alternative', async () => {
      await renderHeader(locale, makeUser({ avatar_url: '/api/uploads/me.png' }));
      const account = screen.getByRole('button', { name: tx.menu });
      const photo = within(account).getByRole('img', { name: tx.photo });
      expect(photo).toHaveAttribute('src', '/api/uploads/me.png');
    });

    it('shows the initials when there is no photo', async () => {
      await renderHeader(locale, makeUser());
      const account = screen.getByRole('button', { name: tx.menu });
      expect(within(account).queryByRole('img')).not.toBeInTheDocument();
      expect(account).toHaveTextContent('AQ');
    });
  });
}

describe('the header after a new photo is saved, against the API', () => {
  let server: Awaited<ReturnType<typeof startClientApi>>;
  beforeAll(async () => {
    server = await startClientApi();
  });
  afterAll(async () => server.close());

  // A 1×1 PNG.
  const PNG = Uint8Array.from(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  );

  for (const locale of ['en', 'es'] as const) {
    it(`shows the photo at once, without a reload (${locale})`, async () => {
      const user = userEvent.setup();
      const ana = await server.signUp({ name: 'Ana' });
      const { json } = await server.call('GET', `/users/id/${ana.id}`, { token: ana.token });
      const { container } = await renderWithApp(
        <SessionProvider persistor={null} rehydrated>
          <Header />
          <PersonalSection profile={json.data as TUser} />
        </SessionProvider>,
        { locale, session: ana.session },
      );
      const account = screen.getByRole('button', { name: TEXT[locale].menu });
      expect(within(account).queryByRole('img')).not.toBeInTheDocument();

      const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
      await user.upload(input, new File([PNG], 'me.png', { type: 'image/png' }));
      const save = screen.getByRole('button', { name: locale === 'en' ? 'Save' : 'Guardar' });
      await waitFor(() => expect(save).toBeEnabled());
      await user.click(save);
      const photo = await within(account).findByRole('img', { name: TEXT[locale].photo });
      expect(photo.getAttribute('src')).toMatch(/\/api\/uploads\//);
    });
  }
});
