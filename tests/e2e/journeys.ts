import type { Page } from 'playwright-core';
import { CATALOGS, type TNamespace } from '../helpers/catalogs';
import { secretsSeen } from './secrets';

export type TLocale = 'en' | 'es';

/** The catalog text of `key` (namespace:dotted.key) in `locale`, so one journey runs in both. */
export function text(
  locale: TLocale,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  const [ns, path] = key.includes(':') ? (key.split(':') as [string, string]) : ['common', key];
  let node: unknown = CATALOGS[locale][ns as TNamespace];
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`No text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v]));
}

export const prefix = (locale: TLocale) => (locale === 'es' ? '/es' : '');

/** Registers a talent through the form; the session lands on /profile/my-profile. */
export async function registerTalent(
  page: Page,
  opts: { email: string; password: string; locale?: TLocale; name?: string; lastName?: string },
) {
  const locale = opts.locale ?? 'en';
  const tr = (k: string) => text(locale, k);
  secretsSeen.add(opts.password);
  await page.goto(`${prefix(locale)}/auth/register`);
  await page.getByLabel(tr('auth.fields.name')).fill(opts.name ?? 'Rosa');
  await page.getByLabel(tr('auth.fields.last_name')).fill(opts.lastName ?? 'Mamani');
  await page.getByLabel(tr('auth.fields.email')).fill(opts.email);
  await page.getByLabel(tr('auth.fields.password'), { exact: true }).fill(opts.password);
  await page.getByRole('button', { name: tr('auth.register.submit') }).click();
}

/** Signs in through the form of /auth/login in `locale`. */
export async function signIn(page: Page, email: string, password: string, locale: TLocale = 'en') {
  const tr = (k: string) => text(locale, k);
  const at = page.url() === 'about:blank' ? '' : new URL(page.url()).pathname;
  if (at !== `${prefix(locale)}/auth/login`) await page.goto(`${prefix(locale)}/auth/login`);
  await page.getByLabel(tr('auth.fields.email')).fill(email);
  await page.getByLabel(tr('auth.fields.password'), { exact: true }).fill(password);
  await page
    .getByRole('button', { name: tr('auth.login.submit'), exact: true })
    .last()
    .click();
}
