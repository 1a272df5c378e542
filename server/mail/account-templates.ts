import type { TLang } from '@/lib/i18n/lang';
import type { TMail } from './mailer';

// The e-mails of one's own account (docs/product.md "One's own account"), in the user's
// language: the confirmation link of an address, and the notices to the address being left.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const TEXTS = {
  en: {
    confirm: {
      subject: 'Confirm your e-mail on TalentChain',
      intro: 'Open this link to confirm that this address is yours:',
    },
    change: {
      subject: 'Confirm your new e-mail on TalentChain',
      intro:
        'You asked to use this address for your TalentChain account. Open this link to confirm it; until then you keep signing in with your current address:',
    },
    expiry: 'The link works for 7 days.',
    ignore: 'If you did not ask for it, ignore this e-mail: nothing changes.',
    changing: {
      subject: 'Your TalentChain e-mail is being changed',
      body: (masked: string) =>
        `Someone signed in to your TalentChain account asked to change its e-mail to ${masked}. The change happens only once the new address confirms it.`,
      worry:
        'If it was not you, change your password now: the change asked for the current password.',
    },
    changed: {
      subject: 'Your TalentChain e-mail was changed',
      body: (masked: string) =>
        `Your TalentChain account now uses ${masked}. This address no longer signs in.`,
      worry: 'If it was not you, write to us by replying to this e-mail.',
    },
  },
  es: {
    confirm: {
      subject: 'Confirma tu correo en TalentChain',
      intro: 'Abre este enlace para confirmar que esta dirección es tuya:',
    },
    change: {
      subject: 'Confirma tu nuevo correo en TalentChain',
      intro:
        'Pediste usar esta dirección en tu cuenta de TalentChain. Abre este enlace para confirmarla; hasta entonces sigues entrando con tu dirección actual:',
    },
    expiry: 'El enlace sirve durante 7 días.',
    ignore: 'Si no lo pediste, ignora este correo: nada cambia.',
    changing: {
      subject: 'Tu correo de TalentChain está por cambiar',
      body: (masked: string) =>
        `Alguien con sesión en tu cuenta de TalentChain pidió cambiar su correo a ${masked}. El cambio ocurre solo cuando la nueva dirección lo confirme.`,
      worry: 'Si no fuiste tú, cambia tu contraseña ahora: el cambio pidió la contraseña actual.',
    },
    changed: {
      subject: 'Tu correo de TalentChain cambió',
      body: (masked: string) =>
        `Tu cuenta de TalentChain ahora usa ${masked}. Esta dirección ya no sirve para entrar.`,
      worry: 'Si no fuiste tú, escríbenos respondiendo a este correo.',
    },
  },
} as const;

/** The link of an address to confirm: at registration (`confirm`) or for a change (`change`). */
export function confirmEmailMail(
  lang: TLang,
  to: string,
  purpose: 'confirm' | 'change',
  link: string,
): TMail {
  const t = TEXTS[lang];
  const { subject, intro } = t[purpose];
  const text = [intro, '', link, '', t.expiry, t.ignore, ''].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(t.expiry)}</p>`,
    `<p style="color:#666">${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

/** To the address being left: a change was asked for (`changing`) or done (`changed`). */
export function emailChangeNoticeMail(
  lang: TLang,
  to: string,
  step: 'changing' | 'changed',
  maskedNew: string,
): TMail {
  const t = TEXTS[lang][step];
  const body = t.body(maskedNew);
  const text = [body, '', t.worry, ''].join('\n');
  const html = [`<p>${escapeHtml(body)}</p>`, `<p>${escapeHtml(t.worry)}</p>`].join('\n');
  return { to, subject: t.subject, text, html };
}
