import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import MessagesScreen from '@/components/messages/messages-screen';
import { MessageButton } from '@/components/messages/message-button';
import { MessageText } from '@/components/messages/message-text';
import { messageDraftKey, removeAllStored } from '@/lib/storage-keys';
import { messageArrived, type TConversation, type TMessage } from '@/services/conversations-api';
import { SessionProvider } from '@/store/session';
import { fakeApi, ok, refused } from '../helpers/fake-api';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// /messages and a thread (docs/product.md "Conversations") against a stand-in API that answers
// as the contract says (docs/api.md "Conversations").

vi.mock('@/services/http-client', async (original) => {
  const actual = await original<typeof import('@/services/http-client')>();
  const { fakeApi: fake } = await import('../helpers/fake-api');
  return { ...actual, call: (c: AxiosRequestConfig) => fake.call(c, actual.outcomeOf) };
});

const ME = 7;
const ANA = { id: ME, name: 'Ana', last_name: 'Quispe', avatar_url: null };
const ELENA = { id: 9, name: 'Elena', last_name: 'Gómez', avatar_url: null };

const conversation = (id: number, over: Partial<TConversation> = {}): TConversation => ({
  id,
  kind: 'project',
  application_id: 100 + id,
  posting: { id: 5, name: `Web shop ${id}` },
  other: { ...ELENA, company: { id: 3, slug: 'acme', name: 'Acme' } },
  last_message: null,
  unread_count: 0,
  blocked: { by_me: false, by_other: false },
  last_activity_at: '2026-11-26T10:00:00.000Z',
  ...over,
});

const message = (
  id: number,
  body: string,
  author: TMessage['author'] = ELENA,
  conversationId = 1,
): TMessage => ({
  id,
  conversation_id: conversationId,
  author: { ...author, avatar_url: null },
  body,
  created_at: `2026-11-26T10:${String(id % 60).padStart(2, '0')}:00.000Z`,
});

const listOf = (items: TConversation[], unread = 0) =>
  ok({ data: items, total: items.length, page: 1, per_page: 20, last_page: 1, unread });

async function renderScreen(id: number | null, locale: 'en' | 'es' = 'en') {
  const user = userEvent.setup();
  const result = await renderWithApp(
    <SessionProvider persistor={null} rehydrated>
      <MessagesScreen id={id} />
    </SessionProvider>,
    {
      locale,
      session: {
        user: makeUser({ id: ME, person: { name: 'Ana', last_name: 'Quispe', phone: '' } }),
        accessToken: 'token',
      },
    },
  );
  return { user, ...result };
}

/** A thread of conversation 1 with these messages (oldest first). */
function thread(messages: TMessage[], over: Partial<TConversation> = {}, hasMore = false) {
  const c = conversation(1, over);
  fakeApi.on('GET', '/conversations', listOf([c], c.unread_count));
  fakeApi.on('GET', '/conversations/1', ok(c));
  fakeApi.on('GET', '/conversations/1/messages', (config) =>
    config.params?.before
      ? ok({ data: [], has_more: false })
      : ok({ data: messages, has_more: hasMore }),
  );
  fakeApi.on('PATCH', '/conversations/1/read', ok({ unread_count: 0 }));
}

beforeEach(() => {
  fakeApi.reset();
  removeAllStored();
});

describe('the list of conversations', () => {
  it.each([
    ['en', 'About Web shop 2', 'You: See you then', '2 unread messages'],
    ['es', 'Sobre Web shop 2', 'Tú: See you then', '2 mensajes sin leer'],
  ] as const)(
    'shows the other side, the posting, the last message and the unread count, newest first (%s)',
    async (locale, about, mine, unread) => {
      fakeApi.on(
        'GET',
        '/conversations',
        listOf(
          [
            conversation(2, {
              unread_count: 2,
              last_message: { ...message(11, 'When can you start?'), author: ELENA },
              last_activity_at: '2026-11-26T11:00:00.000Z',
            }),
            conversation(1, {
              other: { id: 12, name: 'Luis', last_name: 'Rojas', avatar_url: null },
              last_message: { ...message(10, 'See you then'), author: ANA },
            }),
          ],
          2,
        ),
      );
      await renderScreen(null, locale);
      const items = await screen.findAllByRole('link', { name: /Elena Gómez|Luis Rojas/ });
      expect(items.map((a) => a.getAttribute('href'))).toEqual(['/messages/2', '/messages/1']);
      expect(within(items[0]!).getByText('Elena Gómez · Acme')).toBeInTheDocument();
      expect(within(items[0]!).getByText(about)).toBeInTheDocument();
      expect(within(items[0]!).getByText('When can you start?')).toBeInTheDocument();
      expect(within(items[0]!).getByText(unread)).toBeInTheDocument();
      expect(within(items[1]!).getByText(mine)).toBeInTheDocument();
    },
  );

  it.each([
    ['en', 'No conversations yet', 'My applications'],
    ['es', 'Aún no tienes conversaciones', 'Mis postulaciones'],
  ] as const)('says there are none yet and where to start (%s)', async (locale, title, cta) => {
    fakeApi.on('GET', '/conversations', listOf([]));
    await renderScreen(null, locale);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: cta })).toHaveAttribute('href', '/applications');
  });
});

describe('a thread', () => {
  it.each([
    ['en', 'You', 'Messages with Elena Gómez'],
    ['es', 'Tú', 'Mensajes con Elena Gómez'],
  ] as const)(
    'shows the messages oldest to newest with their authors, keeps line breaks, and marks it read on opening (%s)',
    async (locale, you, logName) => {
      thread([message(1, 'Hello Ana,\nwhen can you start?'), message(2, 'Monday', ANA)], {
        unread_count: 1,
      });
      await renderScreen(1, locale);
      const log = await screen.findByRole('log', { name: logName });
      const items = await within(log).findAllByRole('listitem');
      expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual([
        'Elena Gómez',
        you,
      ]);
      expect(within(items[0]!).getByText(/Hello Ana,/).textContent).toBe(
        'Hello Ana,\nwhen can you start?',
      );
      await waitFor(() => expect(fakeApi.made('PATCH', '/conversations/1/read')).toHaveLength(1));
    },
  );

  it.each([
    ['en', 'Report the message of Elena Gómez', 'Hidden by an operator'],
    ['es', 'Denunciar el mensaje de Elena Gómez', 'Ocultado por un operador'],
  ] as const)(
    'offers "Report" on the other side’s messages only, and marks one’s own hidden message (%s)',
    async (locale, reportName, hiddenNote) => {
      thread([message(1, 'Hello'), { ...message(2, 'Rude words', ANA), hidden: true }]);
      await renderScreen(1, locale);
      const log = await screen.findByRole('log');
      const items = await within(log).findAllByRole('listitem');
      expect(
        await within(items[0]!).findByRole('button', { name: reportName }),
      ).toBeInTheDocument();
      expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
      expect(within(items[1]!).getByText(hiddenNote)).toBeInTheDocument();
      expect(within(items[0]!).queryByText(hiddenNote)).not.toBeInTheDocument();
    },
  );

  it('loads older messages before the oldest shown', async () => {
    thread([message(40, 'Newest page')], {}, true);
    const { user } = await renderScreen(1);
    await user.click(await screen.findByRole('button', { name: 'Load older messages' }));
    await waitFor(() =>
      expect(
        fakeApi.made('GET', '/conversations/1/messages').some((r) => r.params?.before === 40),
      ).toBe(true),
    );
    expect(await screen.findByText('This is the start of the conversation.')).toBeInTheDocument();
  });

  it('adds a message that arrives live to the open thread and the list, and marks it read', async () => {
    thread([message(1, 'Hi')]);
    const { store } = await renderScreen(1);
    await screen.findByText('Hi');
    act(() => {
      store.dispatch(messageArrived(message(2, 'Are you there?')));
    });
    expect(await within(screen.getByRole('log')).findByText('Are you there?')).toBeInTheDocument();
    // The list beside it moves it up as its last message.
    expect(within(screen.getByRole('navigation')).getByText('Are you there?')).toBeInTheDocument();
    await waitFor(() => expect(fakeApi.made('PATCH', '/conversations/1/read')).toHaveLength(1));
  });

  it.each([
    ['en', 'Elena Gómez blocked this conversation: you cannot write in it.'],
    ['es', 'Elena Gómez bloqueó esta conversación: no puedes escribir en ella.'],
  ] as const)(
    'tells the blocked side who blocked it, and writing is off (%s)',
    async (locale, text) => {
      thread([message(1, 'Hi')], { blocked: { by_me: false, by_other: true } });
      await renderScreen(1, locale);
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByRole('textbox')).toBeDisabled();
    },
  );
});

describe('the list, live', () => {
  it('counts a streamed message once when a read of the list already brought it', async () => {
    fakeApi.on(
      'GET',
      '/conversations',
      listOf([conversation(1, { unread_count: 1, last_message: message(5, 'Already here') })], 1),
    );
    const { store } = await renderScreen(null);
    await screen.findByText('1 unread message');
    act(() => {
      store.dispatch(messageArrived(message(5, 'Already here')));
    });
    act(() => {
      store.dispatch(messageArrived(message(6, 'Then this one')));
    });
    expect(await screen.findByText('Then this one')).toBeInTheDocument();
    expect(screen.getByText('2 unread messages')).toBeInTheDocument();
  });
});

describe('the composer', () => {
  it.each([
    ['en', 'Message'],
    ['es', 'Mensaje'],
  ] as const)(
    'keeps the draft of each conversation when the user leaves and comes back (%s)',
    async (locale, label) => {
      thread([message(1, 'Hi')]);
      const first = await renderScreen(1, locale);
      await first.user.type(await screen.findByLabelText(label), 'Half a sentence{Enter}and more');
      first.unmount();
      expect(localStorage.getItem(messageDraftKey(ME, 1))).toBe('Half a sentence\nand more');
      await renderScreen(1, locale);
      expect(await screen.findByLabelText(label)).toHaveValue('Half a sentence\nand more');
    },
  );

  it.each([
    ['en', 'Message', 'A message is at most 4000 characters: remove 1.'],
    ['es', 'Mensaje', 'Un mensaje tiene como máximo 4000 caracteres: quita 1.'],
  ] as const)(
    'shows the 4,000-character limit when passed and sends nothing (%s)',
    async (locale, label, text) => {
      thread([message(1, 'Hi')]);
      localStorage.setItem(messageDraftKey(ME, 1), 'x'.repeat(4000));
      const { user } = await renderScreen(1, locale);
      const area = await screen.findByLabelText(label);
      await user.type(area, 'y');
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(area).toHaveAttribute('aria-invalid', 'true');
      await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Send' : 'Enviar' }));
      expect(fakeApi.made('POST', '/conversations/1/messages')).toHaveLength(0);
    },
  );

  it('sends the text with its line breaks, shows it in the thread and empties the draft', async () => {
    thread([message(1, 'Hi')]);
    fakeApi.on('POST', '/conversations/1/messages', (config) =>
      ok({ ...message(2, (config.data as { body: string }).body, ANA) }, 201),
    );
    const { user } = await renderScreen(1);
    await user.type(await screen.findByLabelText('Message'), 'Line one{Enter}line two');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(fakeApi.made('POST', '/conversations/1/messages')[0]?.data).toEqual({
      body: 'Line one\nline two',
    });
    const log = screen.getByRole('log');
    expect(await within(log).findByText(/Line one/)).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(localStorage.getItem(messageDraftKey(ME, 1))).toBeNull();
  });

  it.each([
    ['en', 'Attach a file', 'Send', 'Attachment: brief.pdf (2 KB)'],
    ['es', 'Adjuntar un archivo', 'Enviar', 'Adjunto: brief.pdf (2 KB)'],
  ] as const)(
    'attaches a file through the upload service and sends its id with the text (%s)',
    async (locale, attach, send, shown) => {
      thread([message(1, 'Hi')]);
      const upload = {
        id: 55,
        url: '/api/uploads/x.pdf',
        name: 'brief.pdf',
        size: 2048,
        mime: 'application/pdf',
      };
      fakeApi.on('POST', '/file', ok(upload, 201));
      fakeApi.on('POST', '/conversations/1/messages', (config) =>
        ok({ ...message(2, (config.data as { body: string }).body, ANA), file: upload }, 201),
      );
      const { user } = await renderScreen(1, locale);
      await user.upload(
        await screen.findByLabelText(attach),
        new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' }),
      );
      expect(await screen.findByText(/brief\.pdf \(2 KB\)/)).toBeInTheDocument();
      await user.type(screen.getByRole('textbox'), 'The brief');
      await user.click(screen.getByRole('button', { name: send }));
      expect(fakeApi.made('POST', '/conversations/1/messages')[0]?.data).toEqual({
        body: 'The brief',
        file_id: 55,
      });
      const link = await within(screen.getByRole('log')).findByRole('link', { name: shown });
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    },
  );

  it.each([
    ['en', 'Elena Gómez blocked this conversation.'],
    ['es', 'Elena Gómez bloqueó esta conversación.'],
  ] as const)(
    'says why a message was refused when the other side blocked it (409, %s)',
    async (locale, said) => {
      thread([message(1, 'Hi')]);
      fakeApi.on(
        'POST',
        '/conversations/1/messages',
        refused(409, 'blocked', {
          message: 'Elena Gómez blocked this conversation.',
          message_es: 'Elena Gómez bloqueó esta conversación.',
        }),
      );
      const { user } = await renderScreen(1, locale);
      await user.type(await screen.findByRole('textbox'), 'Hello?');
      await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Send' : 'Enviar' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(said);
      // The draft stays: nothing was sent.
      expect(screen.getByRole('textbox')).toHaveValue('Hello?');
    },
  );

  it.each([
    ['en', 'Too many attempts. Please wait 30 seconds and try again.'],
    ['es', /30 segundos/],
  ] as const)('says how long to wait after too many messages (429, %s)', async (locale, said) => {
    thread([message(1, 'Hi')]);
    fakeApi.on(
      'POST',
      '/conversations/1/messages',
      refused(429, 'rate_limited', { retryAfter: 30 }),
    );
    const { user } = await renderScreen(1, locale);
    await user.type(await screen.findByRole('textbox'), 'One more');
    await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Send' : 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(said);
  });
});

describe('the Message button', () => {
  it.each([
    ['en', 'Message the business about Web shop', 'Message'],
    ['es', 'Escribir a la empresa sobre Web shop', 'Escribir'],
  ] as const)(
    'opens the application’s conversation and goes to its thread (%s)',
    async (locale, name, label) => {
      fakeApi.on('POST', '/conversations', ok(conversation(12), 201));
      const user = userEvent.setup();
      const { router } = await renderWithApp(
        <MessageButton kind="job" applicationId={40} posting="Web shop" />,
        { locale },
      );
      const button = screen.getByRole('button', { name });
      expect(button).toHaveTextContent(label);
      // Its name begins with what it shows (WCAG 2.5.3, axe's label-content-name-mismatch).
      expect(name.startsWith(label)).toBe(true);
      await user.click(button);
      expect(fakeApi.made('POST', '/conversations')[0]?.data).toEqual({
        kind: 'job',
        application_id: 40,
      });
      await waitFor(() =>
        expect(router.push).toHaveBeenCalledWith('/messages/12', undefined, { locale }),
      );
    },
  );
});

describe('links in a message', () => {
  it('makes web addresses links that open safely, and leaves any other scheme as text', async () => {
    await renderWithApp(
      <p>
        <MessageText
          text={
            'Brief: https://acme.dev/brief?x=1 (see page 2). Not this: javascript:alert(1) nor data:text/html,hi, nor <b>bold</b>.\nhttp://old.acme.dev.'
          }
        />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://acme.dev/brief?x=1',
      'http://old.acme.dev/',
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
      expect(a).toHaveAttribute('target', '_blank');
    }
    expect(screen.getByText(/javascript:alert\(1\)/)).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });
});
