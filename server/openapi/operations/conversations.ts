import {
  conversationsQuery,
  messagesQuery,
  newMessageSchema,
  openConversationSchema,
} from '@/lib/schemas/conversations';
import {
  conversation,
  conversationPage,
  markedRead,
  message,
  messagePage,
} from '../answers/conversations';
import { okSaid } from '../answers/messages';
import { defineOperations, ok } from '../registry';

// Conversations (docs/api.md "Conversations"): server/routes/conversations.ts. Anyone but the
// talent and the posting's team is told a conversation does not exist.

const tag = 'Conversations';

export const conversationsOperations = defineOperations([
  {
    method: 'get',
    path: '/conversations',
    summary: "A page of the caller's conversations, newest activity first, with what is unread.",
    tag,
    auth: 'user',
    query: conversationsQuery,
    responses: { 200: ok(conversationPage) },
  },
  {
    method: 'post',
    path: '/conversations',
    summary: 'Opens the conversation of an application (201), or answers the existing one (200).',
    tag,
    auth: 'user',
    body: openConversationSchema,
    responses: { 200: okSaid(conversation), 201: okSaid(conversation) },
  },
  {
    method: 'get',
    path: '/conversations/:id',
    summary: 'One conversation as the caller sees it.',
    tag,
    auth: 'user',
    responses: { 200: ok(conversation) },
  },
  {
    method: 'get',
    path: '/conversations/:id/messages',
    summary: 'A page of messages: the newest, or those before `before`; oldest first.',
    tag,
    auth: 'user',
    query: messagesQuery,
    responses: { 200: ok(messagePage) },
  },
  {
    method: 'post',
    path: '/conversations/:id/messages',
    summary: 'Writes a message, optionally with an upload of the author (refused while blocked).',
    tag,
    auth: 'user',
    body: newMessageSchema,
    responses: { 201: okSaid(message) },
  },
  {
    method: 'patch',
    path: '/conversations/:id/read',
    summary: 'Marks the conversation read up to its latest message.',
    tag,
    auth: 'user',
    responses: { 200: okSaid(markedRead) },
  },
  {
    method: 'post',
    path: '/conversations/:id/block',
    summary: 'Blocks the other side: neither side may write until it is lifted.',
    tag,
    auth: 'user',
    responses: { 200: okSaid(conversation) },
  },
  {
    method: 'delete',
    path: '/conversations/:id/block',
    summary: "Lifts the caller's block.",
    tag,
    auth: 'user',
    responses: { 200: okSaid(conversation) },
  },
]);
