import * as v from 'valibot';
import { POSTING_KINDS } from '@/lib/kinds';
import { id, listQuery } from './common';
import { noControlChars } from './text';

// Conversations (docs/api.md "Conversations", docs/product.md "Conversations"): the inputs of
// their calls, shared by the server and the thread's form. Messages are error codes (docs/api.md
// "Errors").

export const CONVERSATION_LIMITS = {
  /** A message's text, in characters (line breaks kept). */
  body: 4000,
  /** Messages a page of a thread holds unless told, and at most. */
  perPage: 30,
  maxPerPage: 100,
  /** Conversations a page of the list holds unless told (at most 50, like every list). */
  listPerPage: 20,
} as const;

/** `GET /conversations`: a page of the caller's conversations. */
export const conversationsQuery = /* @__PURE__ */ listQuery(CONVERSATION_LIMITS.listPerPage);

/** `POST /conversations`: the application the conversation is about. */
export const openConversationSchema = /* @__PURE__ */ v.object({
  kind: v.picklist(POSTING_KINDS, 'choice'),
  application_id: id(),
});
export type TOpenConversationInput = v.InferInput<typeof openConversationSchema>;

/**
 * A message's text: 1 to 4000 characters once trimmed, line breaks and tabs kept, other control
 * characters refused (docs/security.md "Text").
 */
export const messageBody = () =>
  v.pipe(
    v.string('invalid_type'),
    noControlChars(),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(CONVERSATION_LIMITS.body, 'too_long'),
  );

/** `POST /conversations/{id}/messages`: the text and, optionally, an upload of the author. */
export const newMessageSchema = /* @__PURE__ */ v.object({
  body: messageBody(),
  file_id: v.optional(v.nullable(id())),
});
export type TNewMessageInput = v.InferInput<typeof newMessageSchema>;

const perPage = (max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.union(
        [v.number(), v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number))],
        'integer',
      ),
      v.integer('integer'),
      v.minValue(1, 'too_small'),
      v.maxValue(max, 'too_large'),
    ),
    fallback,
  );

/** `GET /conversations/{id}/messages`: the page before message `before` (the newest without it). */
export const messagesQuery = /* @__PURE__ */ v.object({
  before: v.optional(id()),
  per_page: perPage(CONVERSATION_LIMITS.maxPerPage, CONVERSATION_LIMITS.perPage),
});
export type TMessagesQuery = v.InferOutput<typeof messagesQuery>;
