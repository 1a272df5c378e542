import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ApplicationsList from '@/components/marketplace/applications/applications-list';
import { Header } from '@/components/layout/header';
import { stopLiveNotifications } from '@/components/notifications/live';
import NotificationList from '@/components/notifications/notification-list';
import { notifications } from '@/db/schema';
import { afterPageLoad } from '@/lib/after-load';
import type { TCtx } from '@/server/context';
import { notify } from '@/server/services/notifications/notifications';
import { loggedIn, loggedOut } from '@/store/auth-slice';
import { SessionProvider } from '@/store/session';
import type { TUser } from '@/types/user';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// Notifications in the browser against the real API over loopback (docs/product.md
// "Notifications"): the header's bell and its count, the live stream (a new one within 2 s, at
// the front of the stored list, docs/product.md "States and transitions"), polling while the stream fails, and /notifications.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterEach(() => {
  stopLiveNotifications();
  vi.restoreAllMocks();
});
afterAll(async () => server.close());

/** A notification for `userId`, written as the server writes them (row + pg_notify). */
async function addNotification(
  userId: number,
  text: string,
  { link = '/business/projects/5/applicants', at = server.clock.now } = {},
) {
  const ctx = { db: server.db, deps: server.deps, now: at, user: null, ip: '127.0.0.1' } as TCtx;
  const after = await notify(ctx, server.db, [
    {
      userId,
      type: 'application_new',
      message: `${text} (en)`,
      messageEs: `${text} (es)`,
      link,
    },
  ]);
  await after();
  const [row] = await server.db
    .select()
    .from(notifications)
    .where(eq(notifications.message, `${text} (en)`));
  return row!;
}

/**
 * A status notification of one application (`topic`), written as a status change writes it: a
 * newer one within 10 minutes replaces it (docs/security.md "Coalescing").
 */
async function addStatusNotification(userId: number, text: string, topic: string, at: Date) {
  const ctx = { db: server.db, deps: server.deps, now: at, user: null, ip: '127.0.0.1' } as TCtx;
  const after = await notify(ctx, server.db, [
    {
      userId,
      type: 'application_status',
      message: `${text} (en)`,
      messageEs: `${text} (es)`,
      link: '/projects/5',
      topic,
    },
  ]);
  await after();
  const [row] = await server.db
    .select()
    .from(notifications)
    .where(eq(notifications.message, `${text} (en)`));
  return row!;
}

/** A new business with these notifications (oldest first), signed in as the sign-in answers. */
async function businessWith(texts: string[], { clicked = [] as string[] } = {}) {
  const business = await server.signUp({ isTalent: false });
  const start = server.clock.now.getTime() - 3_600_000;
  for (const [i, text] of texts.entries()) {
    const row = await addNotification(business.id, text, { at: new Date(start + i * 60_000) });
    if (clicked.includes(text)) {
      await server.call('PATCH', '/notifications/clicked', {
        token: business.token,
        body: { id: row.id },
      });
    }
  }
  const { json } = await server.call('GET', `/users/id/${business.id}`, { token: business.token });
  return { ...business, session: { user: json.data as TUser, accessToken: business.token } };
}

const frame = (ui: ReactNode) => (
  <SessionProvider persistor={null} rehydrated>
    {ui}
  </SessionProvider>
);

const bell = (name: string | RegExp) => screen.getByRole('link', { name });

/** Calls the page made of one route since `from` (`METHOD /path`, the query left out). */
const callsOf = (route: string, from = 0) =>
  server.requests.slice(from).filter((r) => r === route || r.startsWith(`${route} `)).length;

/** Waits until the stream answered and the list was fetched after it (the stream is live). */
/** The part of the store's state that holds the API's queries (services/api.ts). */
type TQueries = { api: { queries: Record<string, { status: string } | undefined> } };

async function streamLive(from: number) {
  await waitFor(() => {
    expect(callsOf('GET /notifications/stream', from)).toBeGreaterThan(0);
    expect(callsOf('GET /notifications', from)).toBeGreaterThan(0);
  });
}

describe('the bell', () => {
  it.each([
    ['en', 'Notifications', 'Notifications, 1 unread'],
    ['es', 'Notificaciones', 'Notificaciones, 1 sin leer'],
  ] as const)(
    'shows no count until the server has answered, then the server’s, never the stored one (%s)',
    async (locale, plain, oneUnread) => {
      // Signed in on this device with three unread; two were read on another device since.
      const b = await businessWith(['one', 'two', 'three']);
      for (const n of b.session.user.notifications.slice(0, 2)) {
        await server.call('PATCH', '/notifications/clicked', {
          token: b.token,
          body: { id: n.id },
        });
      }
      const from = server.requests.length;
      await renderWithApp(frame(<Header />), { session: b.session, locale });
      const link = bell(plain);
      expect(link).toHaveAttribute('href', '/notifications');
      expect(within(link).queryByText('3')).not.toBeInTheDocument();
      await streamLive(from);
      const fresh = await screen.findByRole('link', { name: oneUnread });
      expect(within(fresh).getByText('1')).toBeInTheDocument();
    },
  );

  it("then follows the server's count, which the stored list may not know", async () => {
    const b = await businessWith([]);
    const from = server.requests.length;
    await addNotification(b.id, 'arrived while away');
    await renderWithApp(frame(<Header />), { session: b.session });
    expect(bell('Notifications')).toBeInTheDocument();
    await streamLive(from);
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  });

  it('is not there for a visitor', async () => {
    await renderWithApp(frame(<Header />));
    expect(screen.queryByRole('link', { name: /notifications/i })).not.toBeInTheDocument();
  });
});

describe('live notifications', () => {
  it('a streamed notification lands at the front as it arrives, raising the count, and tops the open list', async () => {
    const b = await businessWith(['older']);
    const from = server.requests.length;
    const { store } = await renderWithApp(
      frame(
        <>
          <Header />
          <NotificationList />
        </>,
      ),
      { session: b.session },
    );
    await streamLive(from);
    expect(await screen.findByText('older (en)')).toBeInTheDocument();
    await waitFor(() => expect(bell('Notifications, 1 unread')).toBeInTheDocument());

    // The list asked for when the stream went live has been answered: what comes next can
    // only come by the stream.
    await waitFor(() => {
      const { queries } = (store.getState() as unknown as TQueries).api;
      expect(Object.values(queries).map((q) => q?.status)).not.toContain('pending');
    });
    const listCalls = callsOf('GET /notifications', from);
    // The store takes it in as it arrives (no clock: the event itself is awaited).
    const arrived = new Promise<void>((resolve) => {
      const unsubscribe = store.subscribe(() => {
        if (store.getState().auth.user?.notifications[0]?.message !== 'Ana applied (en)') return;
        unsubscribe();
        resolve();
      });
    });
    const row = await addNotification(b.id, 'Ana applied');
    await arrived;
    expect(store.getState().auth.user?.notifications[0]?.id).toBe(row.id);
    await waitFor(() => expect(bell('Notifications, 2 unread')).toBeInTheDocument());
    expect(store.getState().auth.user?.notifications.map((n) => n.message)).toEqual([
      'Ana applied (en)',
      'older (en)',
    ]);
    // The list shows it first, without a reload.
    await waitFor(() => {
      const items = screen.getAllByRole('listitem');
      expect(items[0]).toHaveTextContent('Ana applied (en)');
      expect(items).toHaveLength(2);
    });
    // Streamed, not fetched: the list was not asked for again.
    expect(callsOf('GET /notifications', from)).toBe(listCalls);
  });

  it('a notification replaced by a newer status change moves to the front with its new text, counted unread once', async () => {
    const t = await server.signUp({ isTalent: true });
    const topic = `project_application:${t.id}`;
    const start = server.clock.now.getTime() - 120_000;
    await addNotification(t.id, 'older', { at: new Date(start) });
    const status = await addStatusNotification(t.id, 'shortlisted', topic, new Date(start + 1000));
    await server.call('PATCH', '/notifications/clicked', {
      token: t.token,
      body: { id: status.id },
    });
    const { json } = await server.call('GET', `/users/id/${t.id}`, { token: t.token });
    const from = server.requests.length;
    const { store } = await renderWithApp(
      frame(
        <>
          <Header />
          <NotificationList />
        </>,
      ),
      { session: { user: json.data as TUser, accessToken: t.token } },
    );
    await streamLive(from);
    await waitFor(() => expect(bell('Notifications, 1 unread')).toBeInTheDocument());
    const messages = () => store.getState().auth.user?.notifications.map((n) => n.message);
    expect(messages()).toEqual(['shortlisted (en)', 'older (en)']);

    // Read before: replaced, it is unread again, at the front, and still one of two.
    await addStatusNotification(t.id, 'hired', topic, new Date(start + 60_000));
    await waitFor(() => {
      expect(messages()).toEqual(['hired (en)', 'older (en)']);
      expect(bell('Notifications, 2 unread')).toBeInTheDocument();
    });
    await waitFor(() => {
      const items = screen.getAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(items[0]).toHaveTextContent('hired (en)');
    });
    // Unread already: replaced again, it is not counted twice.
    await addStatusNotification(t.id, 'rejected', topic, new Date(start + 90_000));
    await waitFor(() => expect(messages()).toEqual(['rejected (en)', 'older (en)']));
    expect(bell('Notifications, 2 unread')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('rejected'));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('2 unread')).toBeInTheDocument();
  });

  it('a notification replaced while the tab was away is brought up to date by the first read', async () => {
    const t = await server.signUp({ isTalent: true });
    const topic = `project_application:${t.id}`;
    const start = server.clock.now.getTime() - 120_000;
    const status = await addStatusNotification(t.id, 'shortlisted', topic, new Date(start));
    await addNotification(t.id, 'newer', { at: new Date(start + 1000) });
    await server.call('PATCH', '/notifications/clicked', {
      token: t.token,
      body: { id: status.id },
    });
    const { json } = await server.call('GET', `/users/id/${t.id}`, { token: t.token });
    // The session stored in the tab knows the read "shortlisted"; then the talent is hired.
    await addStatusNotification(t.id, 'hired', topic, new Date(start + 60_000));
    const from = server.requests.length;
    const { store } = await renderWithApp(frame(<Header />), {
      session: { user: json.data as TUser, accessToken: t.token },
    });
    await streamLive(from);
    await waitFor(() => {
      expect(store.getState().auth.user?.notifications.map((n) => n.message)).toEqual([
        'hired (en)',
        'newer (en)',
      ]);
      expect(bell('Notifications, 2 unread')).toBeInTheDocument();
    });
  });

  it('polls every 5 s while the stream answers an error, and finds a new one that way', async () => {
    const b = await businessWith([]);
    // The stream fails at 0 s, 1 s and 3 s (backoff), and would come back at 7 s. The client's
    // waits run on the fake clock; its requests travel over real loopback sockets, so each step
    // waits for the request it expects (RTL's waitFor would wait on the fake clock).
    server.failNext('GET', '/notifications/stream', { times: 3 });
    const until = async (what: string, holds: () => boolean) => {
      for (let i = 0; i < 100_000 && !holds(); i++) {
        // Timers due now run (the app defers some work by 0 ms); the clock does not move.
        await vi.advanceTimersByTimeAsync(0);
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (!holds()) throw new Error(`never: ${what}`);
    };
    // The bell's live half starts after the page's load has settled (at once once it has).
    await afterPageLoad();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const from = server.requests.length;
      const { store } = await renderWithApp(frame(<Header />), { session: b.session });
      const lists = () => callsOf('GET /notifications', from);
      const streams = () => callsOf('GET /notifications/stream', from);
      // The first failure polls at once.
      await until('the first poll', () => streams() === 1 && lists() === 1);
      const row = await addNotification(b.id, 'found by polling');
      await vi.advanceTimersByTimeAsync(1000);
      await until('the second try', () => streams() === 2);
      await vi.advanceTimersByTimeAsync(2000);
      await until('the third try', () => streams() === 3);
      // 5 s: the poll finds it, while the stream is still failing (its next try is at 7 s).
      await vi.advanceTimersByTimeAsync(1999);
      expect(lists()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await until(
        'the notification in the store',
        () => store.getState().auth.user?.notifications[0]?.id === row.id,
      );
      await until('the bell', () =>
        Boolean(screen.queryByRole('link', { name: 'Notifications, 1 unread' })),
      );
      expect(lists()).toBe(2);
      expect(streams()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops on sign-out, and starts over for the next user', async () => {
    const a = await businessWith([]);
    const b = await businessWith(['for b']);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const from = server.requests.length;
    const { store } = await renderWithApp(frame(<Header />), { session: a.session });
    await streamLive(from);
    const streamOf = (i: number) => fetchSpy.mock.calls[i]![1] as RequestInit;
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(streamOf(0).signal?.aborted).toBe(false);
    expect(new Headers(streamOf(0).headers).get('Authorization')).toBe(`Bearer ${a.token}`);
    expect(String(fetchSpy.mock.calls[0]![0])).not.toContain(a.token);

    store.dispatch(loggedOut());
    expect(streamOf(0).signal?.aborted).toBe(true);

    store.dispatch(loggedIn(b.session));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    expect(new Headers(streamOf(1).headers).get('Authorization')).toBe(`Bearer ${b.token}`);
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

    store.dispatch(loggedIn(a.session));
    expect(streamOf(1).signal?.aborted).toBe(true);
  });
});

describe('my applications, live', () => {
  it.each([
    ['en', 'Applied', 'Shortlisted'],
    ['es', 'Postulado', 'Preseleccionado'],
  ] as const)(
    'a status change streamed while /applications is open shows there without a reload (%s)',
    async (locale, applied, shortlisted) => {
      const business = await server.signUp({ isTalent: false });
      const { json: posted } = await server.call('POST', '/projects', {
        token: business.token,
        body: {
          name: `Live status ${locale}`,
          summary: 'A logo for a coffee brand',
          description: 'Three proposals and the final files.',
          skills: ['Illustrator'],
          budget: 150000,
          currency: 'USD',
          weeks: 3,
          modality: 'remote',
        },
      });
      const talent = await server.signUp();
      const { json: sent } = await server.call('POST', '/project_applications', {
        token: talent.token,
        body: {
          project_id: (posted.data as { id: number }).id,
          proposal: 'A proposal that is long enough.',
          price_proposal: 100000,
          weeks: 2,
        },
      });
      const from = server.requests.length;
      await renderWithApp(
        frame(
          <>
            <Header />
            <ApplicationsList />
          </>,
        ),
        { session: talent.session, locale },
      );
      expect(await screen.findByText(applied)).toBeInTheDocument();
      await streamLive(from);
      const moved = await server.call('POST', '/project_applications/changeApplicationStatus', {
        token: business.token,
        body: { application_id: (sent.data as { id: number }).id, status: 1, lang: locale },
      });
      expect(moved.status).toBe(200);
      expect(await screen.findByText(shortlisted)).toBeInTheDocument();
      expect(screen.queryByText(applied)).not.toBeInTheDocument();
    },
  );
});

describe('the notifications page', () => {
  it('lists them newest first, the unread ones marked, each with when it happened', async () => {
    const b = await businessWith(['first', 'second', 'third'], { clicked: ['second'] });
    await renderWithApp(frame(<NotificationList />), { session: b.session });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('link').textContent)).toEqual([
      'Unread: third (en)',
      'second (en)',
      'Unread: first (en)',
    ]);
    expect(within(items[0]!).getByText('New')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('New')).not.toBeInTheDocument();
    expect(within(items[2]!).getByText('1 hour ago')).toBeInTheDocument();
    expect(within(items[0]!).getByText('58 minutes ago')).toBeInTheDocument();
    expect(screen.getByText('2 unread')).toBeInTheDocument();
  });

  it('opening one marks it clicked, then goes to its link', async () => {
    const user = userEvent.setup();
    const b = await businessWith(['open me', 'leave me']);
    const { store, router } = await renderWithApp(frame(<NotificationList />), {
      session: b.session,
    });
    const link = await screen.findByRole('link', { name: 'Unread: open me (en)' });
    expect(link).toHaveAttribute('href', '/business/projects/5/applicants');
    const from = server.requests.length;
    await user.click(link);

    await waitFor(() =>
      expect(router.push).toHaveBeenCalledWith('/business/projects/5/applicants', undefined, {
        locale: 'en',
      }),
    );
    const opened = store
      .getState()
      .auth.user!.notifications.find((n) => n.message === 'open me (en)');
    expect(server.requests.slice(from)).toContain(
      `PATCH /notifications/clicked {"id":${opened!.id}}`,
    );
    expect(opened!.been_clicked).toBe(true);
    const [row] = await server.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, opened!.id));
    expect(row!.beenClicked).toBe(true);
    expect(await screen.findByRole('link', { name: 'open me (en)' })).toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('pages through them: 20 a page', async () => {
    const texts = Array.from({ length: 22 }, (_, i) => `n${i + 1}`);
    const b = await businessWith(texts);
    await renderWithApp(frame(<NotificationList />), {
      session: b.session,
      router: { pathname: '/notifications', query: { page: '2' } },
    });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('n2 (en)'),
      expect.stringContaining('n1 (en)'),
    ]);
    const pages = screen.getByRole('navigation', { name: 'Pages of notifications' });
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/notifications?page=1',
    );
  });

  it('says what to do when there are none yet', async () => {
    const b = await businessWith([]);
    await renderWithApp(frame(<NotificationList />), { session: b.session });
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to my postings' })).toHaveAttribute(
      'href',
      '/business/postings',
    );
  });

  it('in Spanish: the Spanish text, and the locale kept on opening', async () => {
    const user = userEvent.setup();
    const b = await businessWith(['abrir']);
    const { router } = await renderWithApp(frame(<NotificationList />), {
      session: b.session,
      locale: 'es',
    });
    const link = await screen.findByRole('link', { name: 'Sin leer: abrir (es)' });
    expect(screen.getByText('1 sin leer')).toBeInTheDocument();
    expect(screen.getByText('Nueva')).toBeInTheDocument();
    await user.click(link);
    await waitFor(() =>
      expect(router.push).toHaveBeenCalledWith('/business/projects/5/applicants', undefined, {
        locale: 'es',
      }),
    );
  });

  it("in Spanish: a talent's empty state", async () => {
    const talent = await server.signUp();
    await renderWithApp(frame(<NotificationList />), { session: talent.session, locale: 'es' });
    expect(
      await screen.findByRole('heading', { name: 'Aún no tienes notificaciones' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Buscar oportunidades' })).toHaveAttribute(
      'href',
      '/opportunities',
    );
  });
});
