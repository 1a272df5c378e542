import * as v from 'valibot';
import { POSTING_KINDS } from '@/lib/kinds';
import { isoDate } from '../registry';
import { int, pageOf } from './messages';

// The answers of the conversations' calls (docs/api.md "Conversations"), as
// server/services/conversations/* shape them.

/** An attached file (`fileDto`). */
export const attachedFile = v.strictObject({
  id: int(),
  url: v.string(),
  name: v.string(),
  mime: v.string(),
  size: int(),
});

const personEntries = { id: int(), name: v.string(), last_name: v.string() };

/**
 * The other side as the caller sees it: a talent sees the company (its posting's author under
 * its logo, with `company`); a member of the team sees the talent.
 */
const otherSide = v.union([
  v.strictObject({
    ...personEntries,
    avatar_url: v.nullable(v.string()),
    company: v.strictObject({ id: int(), slug: v.string(), name: v.string() }),
  }),
  v.strictObject({ ...personEntries, avatar_url: v.nullable(v.string()) }),
]);

/** One conversation as the caller sees it (`itemDto`). */
export const conversation = v.strictObject({
  id: int(),
  kind: v.picklist(POSTING_KINDS),
  application_id: int(),
  posting: v.strictObject({ id: int(), name: v.string() }),
  other: otherSide,
  last_message: v.nullable(
    v.strictObject({
      id: int(),
      author: v.nullable(v.strictObject(personEntries)),
      body: v.string(),
      file: v.nullable(attachedFile),
      created_at: isoDate(),
    }),
  ),
  unread_count: int(),
  blocked: v.strictObject({ by_me: v.boolean(), by_other: v.boolean() }),
  last_activity_at: isoDate(),
});

/** `GET /conversations`: a page, and what is unread over all of them. */
export const conversationPage = v.strictObject({
  ...pageOf(conversation).entries,
  unread: int(),
});

/** A message (`messageDto`); `hidden` when an operator hid it (only its author still reads it). */
export const message = v.strictObject({
  id: int(),
  conversation_id: int(),
  author: v.nullable(v.strictObject({ ...personEntries, avatar_url: v.nullable(v.string()) })),
  body: v.string(),
  file: v.nullable(attachedFile),
  hidden: v.boolean(),
  created_at: isoDate(),
});

/** `GET /conversations/{id}/messages`: a page of a thread, oldest first, and whether more precede it. */
export const messagePage = v.strictObject({ data: v.array(message), has_more: v.boolean() });

/** `PATCH /conversations/{id}/read`. */
export const markedRead = v.strictObject({ unread_count: int() });
