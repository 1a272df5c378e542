import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Header } from '@/components/layout/header';
import MessagesScreen from '@/components/messages/messages-screen';
import { stopLiveNotifications } from '@/components/notifications/live';
import { conversationsApi, messageArrived, type TMessage } from '@/services/conversations-api';
import { SessionProvider } from '@/store/session';
import type { TUser } from '@/types/user';
import { startClientApi } from '../helpers/client-api';
import { businessTalentApplication } from '../helpers/marketplace';
import { renderWithApp } from '../helpers/render';

// Conversations live in the browser against the real API over loopback (docs/product.md
// "Conversations", docs/architecture.md "Live notifications"): a message written by the other
// side arrives through the notification stream's `event: message`, into the header's count and
// the open list, without a reload.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterEach(() => stopLiveNotifications());
afterAll(async () => server.close());

/** A business, its applicant (signed in here) and their conversation. */
async function scene() {
  const { business, talent, application } = await businessTalentApplication(server);
  const opened = await server.call('POST', '/conversations', {
    token: business.token,
    body: { kind: 'project', application_id: application.id },
  });
  const conversation = (opened.json.data as { id: number }).id;
  const { json } = await server.call('GET', `/users/id/${talent.id}`, { token: talent.token });
  const session = { user: json.data as TUser, accessToken: talent.token };
  const write = async (body: string) => {
    const sent = await server.call('POST', `/conversations/${conversation}/messages`, {
      token: business.token,
      body: { body },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    return sent.json.data as TMessage;
  };
  return { session, conversation, write };
}

const listReads = () => server.requests.filter((r) => r === 'GET /conversations').length;

/**
 * Waits until the stream answered and the list was read after it (the read the stream's `ready`
 * asks for) and answered: what comes next can only come by the stream.
 */
async function streamLive() {
  await waitFor(() => {
    const at = server.requests.findLastIndex((r) => r.startsWith('GET /notifications/stream'));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(server.requests.slice(at).includes('GET /conversations')).toBe(true);
  });
  await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
}

const frame = (ui: React.ReactNode) => (
  <SessionProvider persistor={null} rehydrated>
    {ui}
  </SessionProvider>
);

/** The header and the open thread of `conversation`, rendered and live (`streamLive`). */
async function openThreadLive(
  session: NonNullable<Parameters<typeof renderWithApp>[1]>['session'],
  conversation: number,
) {
  await renderWithApp(
    frame(
      <>
        <Header />
        <MessagesScreen id={conversation} />
      </>,
    ),
    { session },
  );
  await screen.findByRole('log');
  await streamLive();
}

describe('messages arriving live', () => {
  it.each([
    ['en', 'Messages', 'Messages, 1 unread', 'Messages, 2 unread', '2 unread messages'],
    ['es', 'Mensajes', 'Mensajes, 1 sin leer', 'Mensajes, 2 sin leer', '2 mensajes sin leer'],
  ] as const)(
    'the header counts the unread messages and the list shows a new one at once (%s)',
    async (locale, plain, one, two, listCount) => {
      const { session, write } = await scene();
      await write('First question');
      await renderWithApp(
        frame(
          <>
            <Header />
            <MessagesScreen id={null} />
          </>,
        ),
        { session, locale },
      );
      expect(screen.getByRole('link', { name: plain })).toHaveAttribute('href', '/messages');
      await screen.findByRole('link', { name: one });
      await streamLive();
      const before = listReads();
      await write('When can you start?');
      const link = await screen.findByRole('link', { name: two });
      expect(within(link).getByText('2')).toBeInTheDocument();
      const list = screen.getByRole('navigation', {
        name: locale === 'en' ? 'Conversations' : 'Conversaciones',
      });
      expect(await within(list).findByText('When can you start?')).toBeInTheDocument();
      expect(within(list).getByText(listCount)).toBeInTheDocument();
      // Streamed, not fetched.
      expect(listReads()).toBe(before);
    },
  );

  it('an open thread shows the new message and marks it read, so the count stays at none', async () => {
    const { session, conversation, write } = await scene();
    await openThreadLive(session, conversation);
    await write('Are you there?');
    expect(await within(screen.getByRole('log')).findByText('Are you there?')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.requests).toContain(`PATCH /conversations/${conversation}/read`),
    );
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeInTheDocument();
  });
});

// A message the open thread learns of from a read of the thread rather than from the stream (the
// read the stream's `ready` asks for, or the polling while it is down) is still counted where the
// counts are (the conversation, the list and the header), so the thread marks it read: the
// intermittent header defect of the messages journey (docs/architecture.md "Live notifications").
describe('a message the thread read before the stream told of it', () => {
  it('is marked read by the open thread when it came while the stream was down', async () => {
    const { session, conversation, write } = await scene();
    await openThreadLive(session, conversation);
    // The stream drops, and its next attempt too: the message is written while it is down, after
    // the polling's first read, and reaches the page only by the read that `ready` asks for.
    server.dropNext('GET', '/notifications/stream');
    const polled = server.requests.length;
    server.endStreams();
    await waitFor(() =>
      expect(server.requests.slice(polled)).toContain(
        `GET /conversations/${conversation}/messages`,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    const written = server.requests.length;
    await write('Still there?');
    expect(
      await within(screen.getByRole('log')).findByText('Still there?', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    await waitFor(
      () =>
        expect(server.requests.slice(written)).toContain(
          `PATCH /conversations/${conversation}/read`,
        ),
      { timeout: 4000 },
    );
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeInTheDocument();
  }, 20_000);

  it('is counted when its stream copy comes after a read of the thread that had it', async () => {
    const { session, conversation, write } = await scene();
    // No header, so no stream: the test gives the stream's copy itself, after the thread's read.
    const { store } = await renderWithApp(frame(<MessagesScreen id={conversation} />), {
      session,
    });
    await screen.findByRole('log');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    const written = server.requests.length;
    const m = await write('Are you free on Monday?');
    // The thread is read again (as `ready` asks) and has it, then the stream's copy arrives.
    await store.dispatch(
      conversationsApi.endpoints.messages.initiate(conversation, {
        forceRefetch: true,
        subscribe: false,
      }) as never,
    );
    expect(
      await within(screen.getByRole('log')).findByText('Are you free on Monday?'),
    ).toBeInTheDocument();
    store.dispatch(messageArrived(m));
    await waitFor(() =>
      expect(server.requests.slice(written)).toContain(`PATCH /conversations/${conversation}/read`),
    );
  });

  it('that came while the thread was marking the last one read is marked read too', async () => {
    const { session, conversation, write } = await scene();
    await openThreadLive(session, conversation);
    // The thread marks the first one read; the server has done so, but its answer is late, and
    // the second one is written and streamed meanwhile: the first mark does not cover it.
    const marking = server.holdNext('PATCH', `/conversations/${conversation}/read`);
    await write('First');
    await marking.answered;
    const written = server.requests.length;
    await write('Second');
    expect(await within(screen.getByRole('log')).findByText('Second')).toBeInTheDocument();
    marking.release();
    await waitFor(() =>
      expect(server.requests.slice(written)).toContain(`PATCH /conversations/${conversation}/read`),
    );
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeInTheDocument();
    const list = await server.call('GET', '/conversations', { token: session.accessToken });
    expect((list.json.data as { unread: number }).unread).toBe(0);
  });
});
