import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CATALOGS, type TNamespace } from '../helpers/catalogs';
import { BASE_URL, seriousA11yViolations } from './browser';
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

/** A server answer on a busy machine. */
export const ANSWER_MS = 20_000;

export type TJson = { status?: boolean; data?: unknown; access_token?: string } & Record<
  string,
  unknown
>;

/**
 * A call of the API from outside any browser, as another client, from an address of its own
 * (registrations and other limits count per address). Fails the test unless it succeeds.
 */
export async function api(
  method: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<TJson> {
  const ip = `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}::7`;
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': ip,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ANSWER_MS),
  });
  const json = (await res.json()) as TJson;
  expect(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(json)}`).toBe(true);
  return json;
}

/**
 * axe on a signed-in page as it is. Not after "networkidle": a signed-in page keeps the
 * notification stream open. The navigation progress bar fades out after a client navigation;
 * axe reads after.
 */
export async function expectNoSeriousA11y(p: Page, where: string) {
  await p.waitForLoadState('load');
  await p.locator('#nprogress').waitFor({ state: 'detached', timeout: ANSWER_MS });
  expect({ where, violations: await seriousA11yViolations(p) }).toEqual({ where, violations: [] });
}

/** A page opened from a link with a secret: no Referer, no index (docs/security.md). */
export async function expectPrivateLink(p: Page) {
  const meta = (name: string) =>
    p.locator(`head meta[name="${name}"]`).getAttribute('content', { timeout: ANSWER_MS });
  expect({ referrer: await meta('referrer'), robots: await meta('robots') }).toEqual({
    referrer: 'no-referrer',
    robots: 'noindex',
  });
}

/** Whether the page, at 320 px, scrolls sideways (it must not). */
export async function expectFitsAt320(p: Page, where: string) {
  await p.setViewportSize({ width: 320, height: 800 });
  const wide = await p.evaluate(() => document.documentElement.scrollWidth);
  expect({ where, wide }).toEqual({ where, wide: 320 });
  // The header's row is packed on the right: what does not fit spills past the left edge, where
  // no scroll bar shows it. Each of its items is whole inside the screen.
  const spilt = await p.evaluate(() =>
    [...document.querySelectorAll('header > div > *')].flatMap((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && (r.left < 0 || r.right > 320) ? [e.outerHTML.slice(0, 60)] : [];
    }),
  );
  expect({ where, spilt }).toEqual({ where, spilt: [] });
  await p.setViewportSize({ width: 1280, height: 800 });
}

/** Whether `target` has the keyboard focus. */
export const focused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement, undefined, { timeout: ANSWER_MS });

/** Presses `key` until `target` has the focus (if it has not already): the keyboard's way there. */
export async function pressUntilFocused(p: Page, target: Locator, key: string, max = 150) {
  await target.waitFor({ timeout: ANSWER_MS });
  for (let i = 0; i < max; i += 1) {
    if (await focused(target)) return;
    await p.keyboard.press(key);
  }
  if (await focused(target)) return;
  throw new Error(`${key} never reached ${String(target)}`);
}
