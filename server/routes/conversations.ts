import { Hono, type Context } from 'hono';
import { MAX_ID } from '@/lib/schemas/common';
import {
  conversationsQuery,
  messagesQuery,
  newMessageSchema,
  openConversationSchema,
} from '@/lib/schemas/conversations';
import type { TAppEnv } from '@/server/context';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { requireAuth } from '@/server/middleware/auth';
import { conversationNotFound } from '@/server/services/conversations/access';
import {
  getConversation,
  listConversations,
  markRead,
  openConversation,
  setBlocked,
} from '@/server/services/conversations/conversations';
import { listMessages, sendMessage } from '@/server/services/conversations/messages';

// Conversations (docs/api.md "Conversations"): one per application between its talent and the
// posting's team. The services check who takes part (anyone else is told it does not exist).

const STARTED = { message: 'Conversation started.', message_es: 'Conversación iniciada.' };
const OPENED = { message: 'Conversation opened.', message_es: 'Conversación abierta.' };
const SENT = { message: 'Message sent.', message_es: 'Mensaje enviado.' };
const READ = {
  message: 'Conversation marked as read.',
  message_es: 'Conversación marcada como leída.',
};
const BLOCKED = { message: 'Conversation blocked.', message_es: 'Conversación bloqueada.' };
const UNBLOCKED = { message: 'Block lifted.', message_es: 'Bloqueo levantado.' };
// Lifting takes away the caller's side's block only (docs/api.md "Conversations").
const STILL_BLOCKED = {
  message: 'Block lifted. The other side still blocks this conversation.',
  message_es: 'Bloqueo levantado. La otra parte aún bloquea esta conversación.',
};

/** The conversation id of the path: digits within the ids' range, anything else 404. */
function conversationId(c: Context<TAppEnv>): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw conversationNotFound();
  return id;
}

export const conversationRoutes = new Hono<TAppEnv>()
  .get('/conversations', requireAuth, async (c) => {
    const query = queryParams(c, conversationsQuery);
    return c.json({ status: true, data: await listConversations(c.var.ctx, query) });
  })
  .post('/conversations', requireAuth, async (c) => {
    const input = await jsonBody(c, openConversationSchema);
    const { created, conversation } = await openConversation(c.var.ctx, input);
    if (created) return c.json({ status: true, data: conversation, ...STARTED }, 201);
    return c.json({ status: true, data: conversation, ...OPENED });
  })
  .get('/conversations/:id', requireAuth, async (c) => {
    const data = await getConversation(c.var.ctx, { id: conversationId(c) });
    return c.json({ status: true, data });
  })
  .get('/conversations/:id/messages', requireAuth, async (c) => {
    const id = conversationId(c);
    const query = queryParams(c, messagesQuery);
    return c.json({ status: true, data: await listMessages(c.var.ctx, { ...query, id }) });
  })
  .post('/conversations/:id/messages', requireAuth, async (c) => {
    const id = conversationId(c);
    const input = await jsonBody(c, newMessageSchema);
    const data = await sendMessage(c.var.ctx, { ...input, id });
    return c.json({ status: true, data, ...SENT }, 201);
  })
  .patch('/conversations/:id/read', requireAuth, async (c) => {
    const data = await markRead(c.var.ctx, { id: conversationId(c) });
    return c.json({ status: true, data, ...READ });
  })
  .post('/conversations/:id/block', requireAuth, async (c) => {
    const data = await setBlocked(c.var.ctx, { id: conversationId(c), blocked: true });
    return c.json({ status: true, data, ...BLOCKED });
  })
  .delete('/conversations/:id/block', requireAuth, async (c) => {
    const data = await setBlocked(c.var.ctx, { id: conversationId(c), blocked: false });
    return c.json({ status: true, data, ...(data.blocked.by_other ? STILL_BLOCKED : UNBLOCKED) });
  });
