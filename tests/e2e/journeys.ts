import { randomInt } from 'node:crypto';
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

/**
 * Registers a talent through the form (of the page open, when it is the registration page in
 * `locale`, so that its query stays); the session lands on /profile/my-profile.
 */
export async function registerTalent(
  page: Page,
  opts: { email: string; password: string; locale?: TLocale; name?: string; lastName?: string },
) {
  const locale = opts.locale ?? 'en';
  const tr = (k: string) => text(locale, k);
  secretsSeen.add(opts.password);
  const at = page.url() === 'about:blank' ? '' : new URL(page.url()).pathname;
  if (at !== `${prefix(locale)}/auth/register`) await page.goto(`${prefix(locale)}/auth/register`);
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

/** Registers a business through the form (with its workplace); the session lands on /opportunities. */
export async function registerBusiness(
  page: Page,
  opts: { email: string; password: string; company: string; locale?: TLocale },
) {
  const tr = (k: string) => text(opts.locale ?? 'en', k);
  secretsSeen.add(opts.password);
  await page.goto(`${prefix(opts.locale ?? 'en')}/auth/register`);
  await page.getByRole('radio', { name: new RegExp(`^${tr('auth.register.business')}`) }).check();
  await page.getByLabel(tr('auth.fields.name'), { exact: true }).fill('Quispe');
  await page.getByLabel(tr('auth.fields.email'), { exact: true }).fill(opts.email);
  await page.getByLabel(tr('auth.fields.password'), { exact: true }).fill(opts.password);
  await page
    .getByRole('textbox', { name: tr('auth.fields.workplace_name'), exact: true })
    .fill(opts.company);
  await page.getByLabel(tr('auth.fields.position'), { exact: true }).fill('CTO');
  await page.getByLabel(tr('auth.fields.start_date'), { exact: true }).fill('2020-02-01');
  await page.getByRole('button', { name: tr('auth.register.submit') }).click();
}

/** Waits for a toast with exactly `message` (a server answer on a busy machine may take a while). */
export async function toast(page: Page, message: string, timeout = 20_000) {
  await page.getByText(message, { exact: true }).first().waitFor({ state: 'visible', timeout });
}

/** Lower-case letters only: the search takes words, and a run's postings are found by this one. */
export const tag = () =>
  Array.from({ length: 7 }, () => String.fromCharCode(97 + randomInt(26))).join('');

/** yyyy-mm-dd, `days` from now (UTC). */
export const isoDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
