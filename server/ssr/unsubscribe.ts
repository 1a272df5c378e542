import { AppError } from '@/server/errors';
import { unsubscribeTarget } from '@/server/services/notifications/email-preferences';
import type { TEmailKindName } from '@/lib/schemas/email';
import { anonymousCtx } from './context';

// The unsubscribe page's loader (server/ssr/context.ts says how loaders work): the page says
// which e-mails its button turns off, and whether the link is one of ours, before anything is
// pressed. Reading changes nothing.

/** The kind a link's token names, or null when it is not a valid unsubscribe link. */
export async function loadUnsubscribeKind(token: string): Promise<TEmailKindName | null> {
  if (!token || token.length > 2000) return null;
  try {
    return (await unsubscribeTarget(await anonymousCtx(), token)).kind;
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_input') return null;
    throw err;
  }
}
