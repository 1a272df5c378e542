import type { TMail } from './mailer';

export type TLang = 'en' | 'es';

const RECOVERY = {
  en: {
    subject: 'Your TalentChain recovery code',
    intro: 'Use this code to choose a new password for your TalentChain account:',
    expiry: 'The code expires in 15 minutes and works only once.',
    ignore: 'If you did not ask for it, ignore this e-mail: your password stays the same.',
  },
  es: {
    subject: 'Tu código de recuperación de TalentChain',
    intro: 'Usa este código para elegir una nueva contraseña para tu cuenta de TalentChain:',
    expiry: 'El código vence en 15 minutos y solo sirve una vez.',
    ignore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  },
} as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The password-recovery e-mail in the user's language. In the text part the code stands alone
 * on its own line, so it is easy to copy (and for tests to find).
 */
export function recoveryCodeMail(lang: TLang, to: string, code: string): TMail {
  const t = RECOVERY[lang];
  const text = [t.intro, '', code, '', t.expiry, t.ignore, ''].join('\n');
  const html = [
    `<p>${escapeHtml(t.intro)}</p>`,
    `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p>`,
    `<p>${escapeHtml(t.expiry)}</p>`,
    `<p>${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return { to, subject: t.subject, text, html };
}
