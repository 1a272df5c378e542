import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Header } from '@/components/layout/header';
import { stopLiveNotifications } from '@/components/notifications/live';
import NotificationList from '@/components/notifications/notification-list';
import type { TCtx } from '@/server/context';
import { notify } from '@/server/services/notifications/notifications';
import { SessionProvider } from '@/store/session';
import type { TUser } from '@/types/user';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// "Mark all as read" on /notifications and in the header's bell, and the bell's count said to
// screen readers when it changes (docs/product.md "E-mail that respects people"), against the
// real API over loopback.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterEach(() => stopLiveNotifications());
afterAll(async () => server.close());

async function addNotification(userId: number, text: string) {
  const ctx = {
    db: server.db,
    deps: server.deps,
    now: server.clock.now,
    user: null,
    ip: '127.0.0.1',
  } as TCtx;
  const after = await notify(ctx, server.db, [
    {
      userId,
      type: 'application_new',
      message: `${text} (en)`,
      messageEs: `${text} (es)`,
      link: '/',
    },
  ]);
  await after();
}

async function businessWith(texts: string[]) {
  const business = await server.signUp({ isTalent: false });
  for (const text of texts) await addNotification(business.id, text);
  const { json } = await server.call('GET', `/users/id/${business.id}`, { token: business.token });
  return { ...business, session: { user: json.data as TUser, accessToken: business.token } };
}

const frame = (ui: ReactNode) => (
  <SessionProvider persistor={null} rehydrated>
    {ui}
  </SessionProvider>
);

const TEXTS = {
  en: {
    markAll: 'Mark all as read',
    two: 'Notifications, 2 unread',
    three: 'Notifications, 3 unread',
    plain: 'Notifications',
    none: 'No unread notifications',
    allRead: 'All read',
    twoUnread: '2 unread',
  },
  es: {
    markAll: 'Marcar todas como leídas',
    two: 'Notificaciones, 2 sin leer',
    three: 'Notificaciones, 3 sin leer',
    plain: 'Notificaciones',
    none: 'No hay notificaciones sin leer',
    allRead: 'Todo leído',
    twoUnread: '2 sin leer',
  },
} as const;

/** The bell's polite live region (what screen readers are told). */
const liveRegion = () => document.querySelector('[aria-live="polite"][aria-atomic="true"]');

describe.each(['en', 'es'] as const)('mark all as read (%s)', (locale) => {
  const x = TEXTS[locale];

  it('on /notifications: every one is read at once, in the list and the bell, and only the caller’s', async () => {
    const user = userEvent.setup();
    const b = await businessWith(['one', 'two']);
    const other = await businessWith(['theirs']);
    await renderWithApp(
      frame(
        <>
          <Header />
          <NotificationList />
        </>,
      ),
      { session: b.session, locale },
    );
    expect(await screen.findByText(x.twoUnread)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: x.two })).toBeInTheDocument());
    const list = screen.getByRole('list');
    await user.click(within(list.parentElement!).getAllByRole('button', { name: x.markAll })[0]!);
    expect(await screen.findByText(x.allRead)).toBeInTheDocument();
    expect(screen.queryByText(locale === 'en' ? 'New' : 'Nueva')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: x.plain })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: x.markAll })).not.toBeInTheDocument();
    const theirs = await server.call('GET', '/notifications', { token: other.token });
    expect((theirs.json.data as { unread: number }).unread).toBe(1);
  });

  it('in the bell: the count goes, and screen readers are told — only when it changes', async () => {
    const user = userEvent.setup();
    const b = await businessWith(['one', 'two']);
    await renderWithApp(frame(<Header />), { session: b.session, locale });
    await waitFor(() => expect(screen.getByRole('link', { name: x.two })).toBeInTheDocument());
    // The first count is shown, not announced: it is not news.
    expect(liveRegion()).toHaveTextContent('');

    // A new one arrives live: announced.
    await addNotification(b.id, 'three');
    await waitFor(() => expect(screen.getByRole('link', { name: x.three })).toBeInTheDocument());
    expect(liveRegion()).toHaveTextContent(x.three);

    await user.click(screen.getByRole('button', { name: x.markAll }));
    await waitFor(() => expect(screen.getByRole('link', { name: x.plain })).toBeInTheDocument());
    expect(liveRegion()).toHaveTextContent(x.none);
    expect(screen.queryByRole('button', { name: x.markAll })).not.toBeInTheDocument();
    const mine = await server.call('GET', '/notifications', { token: b.token });
    expect((mine.json.data as { unread: number }).unread).toBe(0);
  });
});
