import type { TLang } from '@/lib/i18n/lang';
import en from '@/public/locales/en/notices.json';
import es from '@/public/locales/es/notices.json';

// The texts the server writes to users outside the pages: notifications (and the e-mails made of
// them) and a few answers' messages, in both languages, from the `notices` catalogs
// (public/locales/{en,es}/notices.json, checked by `npm run check:i18n` like the pages'
// catalogs; docs/architecture.md "Notification and e-mail texts"). Read by the server and the
// demo seed (db/seed-data.ts), never by a page. A notification stores both languages, so most
// verbs take the pair: `notices('status.hired', { posting })`.

type TLeaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : TLeaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the catalog: 'status.hired', 'posting_closed'. */
export type TNoticeKey = TLeaves<typeof en>;

/** A text in English and in Spanish, in that order (a notification's message and message_es). */
export type TTexts = [en: string, es: string];

type TVars = Record<string, string>;

export const NOTICE_CATALOGS: Record<TLang, typeof en> = { en, es };

function lookup(lang: TLang, key: TNoticeKey): string {
  let node: unknown = NOTICE_CATALOGS[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`No notice "${key}" in ${lang}`);
  return node;
}

/** `{{name}}` in `text` replaced by `vars.name`; a placeholder without a value stays as written. */
const interpolate = (text: string, vars: TVars) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole);

/** The text of `key` in `lang`, its `{{…}}` filled from `vars`. */
export const notice = (lang: TLang, key: TNoticeKey, vars: TVars = {}): string =>
  interpolate(lookup(lang, key), vars);

/** The text of `key` in both languages. */
export const notices = (key: TNoticeKey, vars: TVars = {}): TTexts => [
  notice('en', key, vars),
  notice('es', key, vars),
];

/**
 * `texts` followed by "Reason: …" ("Motivo: …") when there is a reason: one for both languages
 * (what the owner wrote), or one per language.
 */
export function withReason(texts: TTexts, reason: string | TTexts | null | undefined): TTexts {
  if (!reason) return texts;
  const [en, es] = typeof reason === 'string' ? [reason, reason] : reason;
  return [
    notice('en', 'with_reason', { message: texts[0], reason: en }),
    notice('es', 'with_reason', { message: texts[1], reason: es }),
  ];
}
