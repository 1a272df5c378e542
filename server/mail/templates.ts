import type { TLang } from '@/lib/i18n/lang';
import { formatRecoveryCode } from '@/lib/schemas/users';
import type { TMail } from './mailer';

export type { TLang };

const RECOVERY = {
  en: {
    subject: 'Your TalentChain recovery code',
    intro: 'Use this code to choose a new password for your TalentChain account:',
    link: 'Or open this link, which fills it in for you:',
    expiry: 'The code expires in 15 minutes and works only once.',
    ignore: 'If you did not ask for it, ignore this e-mail: your password stays the same.',
  },
  es: {
    subject: 'Tu código de recuperación de TalentChain',
    intro: 'Usa este código para elegir una nueva contraseña para tu cuenta de TalentChain:',
    link: 'O abre este enlace, que lo completa por ti:',
    expiry: 'El código vence en 15 minutos y solo sirve una vez.',
    ignore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  },
} as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The link that opens the recovery form with the e-mail and code filled in. They travel in the
 * fragment, which browsers never send to a server (nor in a Referer), and the page removes it.
 */
export function recoveryLink(appUrl: string, lang: TLang, email: string, code: string): string {
  const fragment = new URLSearchParams({ email, code }).toString();
  return `${appUrl}${lang === 'es' ? '/es' : ''}/auth/recovery#${fragment}`;
}

/**
 * The password-recovery e-mail in the user's language. In the text part the code stands alone
 * on its own line, in groups of four digits, so it is easy to read and copy (and for tests to
 * find).
 */
export function recoveryCodeMail(lang: TLang, to: string, code: string, appUrl: string): TMail {
  const t = RECOVERY[lang];
  const shown = formatRecoveryCode(code);
  const link = recoveryLink(appUrl, lang, to, code);
  const text = [t.intro, '', shown, '', t.link, link, '', t.expiry, t.ignore, ''].join('\n');
  const html = [
    `<p>${escapeHtml(t.intro)}</p>`,
    `<p style="font-size:24px;font-weight:bold;letter-spacing:2px">${escapeHtml(shown)}</p>`,
    `<p>${escapeHtml(t.link)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(t.expiry)}</p>`,
    `<p>${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return { to, subject: t.subject, text, html };
}

const NOTIFICATION = {
  en: {
    subject: 'TalentChain: ',
    open: 'Open it on TalentChain:',
    why: 'You receive this e-mail because it concerns your TalentChain account.',
  },
  es: {
    subject: 'TalentChain: ',
    open: 'Ábrelo en TalentChain:',
    why: 'Recibes este correo porque se refiere a tu cuenta de TalentChain.',
  },
} as const;

/**
 * A notification's e-mail (docs/api.md "Notifications") in the recipient's language: its text,
 * and a link back to what it is about (`path`, a path of this site, in that language).
 */
export function notificationMail(
  lang: TLang,
  to: string,
  message: string,
  path: string,
  appUrl: string,
): TMail {
  const t = NOTIFICATION[lang];
  const link = `${appUrl}${lang === 'es' ? '/es' : ''}${path}`;
  const firstLine = message.split('\n')[0]!;
  const subject = t.subject + (firstLine.length > 90 ? `${firstLine.slice(0, 89)}…` : firstLine);
  const text = [message, '', t.open, link, '', t.why, ''].join('\n');
  const html = [
    ...message.split('\n').map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(t.open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p style="color:#666">${escapeHtml(t.why)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

const INVITATION = {
  en: {
    subject: (company: string) => `You are invited to join ${company} on TalentChain`,
    intro: (inviter: string, company: string, role: string) =>
      `${inviter} invites you to join ${company} on TalentChain as ${role}.`,
    roles: { admin: 'an admin', recruiter: 'a recruiter' },
    open: 'Open this link to accept (or to create your account first):',
    expiry: 'The link works once and expires in 7 days.',
    ignore: 'If you do not know this company, ignore this e-mail.',
  },
  es: {
    subject: (company: string) => `Te invitan a unirte a ${company} en TalentChain`,
    intro: (inviter: string, company: string, role: string) =>
      `${inviter} te invita a unirte a ${company} en TalentChain como ${role}.`,
    roles: { admin: 'administrador/a', recruiter: 'reclutador/a' },
    open: 'Abre este enlace para aceptar (o para crear antes tu cuenta):',
    expiry: 'El enlace sirve una sola vez y vence en 7 días.',
    ignore: 'Si no conoces esta empresa, ignora este correo.',
  },
} as const;

/** The page of an invitation's link, in the e-mail's language. */
export function invitationLink(appUrl: string, lang: TLang, token: string): string {
  return `${appUrl}${lang === 'es' ? '/es' : ''}/invitations/${token}`;
}

/**
 * An invitation to join a company (docs/api.md "Companies and teams"), in the language the
 * inviter chose: who invites, to which company, with which role, and the link.
 */
export function invitationMail(
  lang: TLang,
  to: string,
  input: {
    inviter: string;
    company: string;
    role: 'admin' | 'recruiter';
    token: string;
    appUrl: string;
  },
): TMail {
  const t = INVITATION[lang];
  const link = invitationLink(input.appUrl, lang, input.token);
  const intro = t.intro(input.inviter, input.company, t.roles[input.role]);
  const text = [intro, '', t.open, link, '', t.expiry, t.ignore, ''].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(t.open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(t.expiry)}</p>`,
    `<p style="color:#666">${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return { to, subject: t.subject(input.company), text, html };
}

const DIGEST = {
  en: {
    subject: (n: number) =>
      n === 1 ? 'TalentChain: 1 update today' : `TalentChain: ${n} updates today`,
    intro: 'Here is what happened on TalentChain since your last digest:',
    open: 'Open it:',
    why: 'You receive this daily digest because you chose it in your e-mail settings:',
    stop: {
      messages: 'Stop e-mails about messages:',
      application_updates: 'Stop e-mails about your applications:',
      new_applicants: 'Stop e-mails about new applicants:',
      alerts: 'Stop alert e-mails:',
    },
  },
  es: {
    subject: (n: number) =>
      n === 1 ? 'TalentChain: 1 novedad de hoy' : `TalentChain: ${n} novedades de hoy`,
    intro: 'Esto es lo que pasó en TalentChain desde tu último resumen:',
    open: 'Ábrelo:',
    why: 'Recibes este resumen diario porque lo elegiste en tu configuración de correo:',
    stop: {
      messages: 'Dejar de recibir correos de mensajes:',
      application_updates: 'Dejar de recibir correos de tus postulaciones:',
      new_applicants: 'Dejar de recibir correos de nuevos postulantes:',
      alerts: 'Dejar de recibir correos de alertas:',
    },
  },
} as const;

export type TDigestKind = keyof (typeof DIGEST)['en']['stop'];

/**
 * The daily digest (docs/product.md "E-mail that respects people") in the recipient's language:
 * every pending text, each with its link (a path of this site, in that language), then where to
 * change the choice and, per kind it holds, a link that stops that kind.
 */
export function digestMail(
  lang: TLang,
  to: string,
  input: {
    items: { message: string; path: string }[];
    unsubscribe: { kind: TDigestKind; url: string }[];
    appUrl: string;
  },
): TMail {
  const t = DIGEST[lang];
  const prefix = `${input.appUrl}${lang === 'es' ? '/es' : ''}`;
  const settings = `${prefix}/profile/settings#email`;
  const items = input.items.map((item) => ({ ...item, link: `${prefix}${item.path}` }));
  const text = [
    t.intro,
    '',
    ...items.flatMap((item) => [`• ${item.message}`, `  ${t.open} ${item.link}`, '']),
    t.why,
    settings,
    ...input.unsubscribe.flatMap((u) => [t.stop[u.kind], u.url]),
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t.intro)}</p>`,
    '<ul>',
    ...items.map(
      (item) =>
        `<li>${item.message
          .split('\n')
          .map(escapeHtml)
          .join('<br>')} <a href="${escapeHtml(item.link)}">${escapeHtml(t.open)}</a></li>`,
    ),
    '</ul>',
    `<p style="color:#666">${escapeHtml(t.why)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
    ...input.unsubscribe.map(
      (u) =>
        `<p style="color:#666">${escapeHtml(t.stop[u.kind])} <a href="${escapeHtml(u.url)}">${escapeHtml(u.url)}</a></p>`,
    ),
  ].join('\n');
  return { to, subject: t.subject(items.length), text, html };
}

const WEBHOOK_DISABLED = {
  en: {
    subject: (company: string) => `A webhook of ${company} was turned off`,
    intro: (url: string, n: number) =>
      `We stopped sending events to ${url}: its last ${n} deliveries failed after every retry.`,
    fix: 'Check that the address answers with a 2xx status, then add the endpoint again:',
    why: 'You receive this e-mail because you are an owner of this company on TalentChain.',
  },
  es: {
    subject: (company: string) => `Se desactivó un webhook de ${company}`,
    intro: (url: string, n: number) =>
      `Dejamos de enviar eventos a ${url}: sus últimas ${n} entregas fallaron tras todos los reintentos.`,
    fix: 'Comprueba que la dirección responde con un estado 2xx y vuelve a añadir el endpoint:',
    why: 'Recibes este correo porque eres propietario/a de esta empresa en TalentChain.',
  },
} as const;

/**
 * An endpoint disabled after repeated failures (docs/api.md "Webhooks"), to each owner of the
 * company in their language, with a link to the webhooks page.
 */
export function webhookDisabledMail(
  lang: TLang,
  to: string,
  input: { url: string; company: string; failures: number; appUrl: string },
): TMail {
  const t = WEBHOOK_DISABLED[lang];
  const link = `${input.appUrl}${lang === 'es' ? '/es' : ''}/business/webhooks`;
  const intro = t.intro(input.url, input.failures);
  const text = [intro, '', t.fix, link, '', t.why, ''].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(t.fix)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p style="color:#666">${escapeHtml(t.why)}</p>`,
  ].join('\n');
  return { to, subject: t.subject(input.company), text, html };
}
