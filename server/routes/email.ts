import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { emailPreferencesPatchSchema } from '@/lib/schemas/email';
import type { TAppEnv } from '@/server/context';
import { jsonBody } from '@/server/lib/validate';
import { verifyUnsubscribeToken } from '@/server/mail/unsubscribe';
import { requireAuth } from '@/server/middleware/auth';
import * as email from '@/server/services/notifications/email-preferences';

// E-mail preferences and one-click unsubscribe (docs/api.md "E-mail"). The unsubscribe calls
// take no session and no cookie: the signed token of the e-mail's link is their only
// credential, and it can only turn one kind of e-mail off for one user.

/** The `token` of the query, as sent (empty when missing). */
const tokenOf = (c: { req: { query: (name: string) => string | undefined } }) =>
  (c.req.query('token') ?? '').slice(0, 2000);

export const emailRoutes = new Hono<TAppEnv>()
  .get('/me/email_preferences', requireAuth, async (c) => {
    return c.json({ status: true, data: await email.getEmailPreferences(c.var.ctx) });
  })
  .patch('/me/email_preferences', requireAuth, async (c) => {
    const body = await jsonBody(c, emailPreferencesPatchSchema);
    const data = await email.patchEmailPreferences(c.var.ctx, body);
    return c.json({ status: true, data, message: 'Saved.', message_es: 'Guardado.' });
  })
  // RFC 8058: the mail provider POSTs `List-Unsubscribe=One-Click` as a form (or nothing); the
  // body says nothing more than the address does, so it is not read.
  .post('/unsubscribe', async (c) => {
    const token = tokenOf(c);
    if (!token) throw email.badUnsubscribeLink();
    const data = await email.unsubscribe(c.var.ctx, token);
    return c.json({
      status: true,
      data,
      message: 'You will no longer receive these e-mails.',
      message_es: 'Ya no recibirás estos correos.',
    });
  })
  // Opening the link (a person, or a mail scanner) changes nothing: it leads to the page that
  // asks, in the user's language, and whose button POSTs.
  .get('/unsubscribe', async (c) => {
    const token = tokenOf(c);
    const target = token ? await verifyUnsubscribeToken(token, c.var.ctx.deps.jwtSecret) : null;
    let prefix = '';
    if (target) {
      const [user] = await c.var.ctx.db
        .select({ lang: users.lang })
        .from(users)
        .where(eq(users.id, target.userId));
      if (user?.lang === 'es') prefix = '/es';
    }
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    return c.redirect(`${prefix}/unsubscribe${query}`, 303);
  });
