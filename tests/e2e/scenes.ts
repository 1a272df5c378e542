import type { Page } from 'playwright-core';
import { browser, newContext } from './browser';
import { ANSWER_MS, api, isoDay, prefix, signIn, text, type TLocale } from './journeys';
import { secretsSeen } from './secrets';

// The set-up the journeys share: who exists and what they posted, made through the API from
// outside any browser, and the browser profiles the journey then signs in.

/** The two languages every journey runs in. */
export const LOCALES: TLocale[] = ['en', 'es'];

/** `text` bound to `locale`: `tr('market:apply.submit')`. */
export const translator =
  (locale: TLocale) =>
  (key: string, vars?: Record<string, string | number>): string =>
    text(locale, key, vars);

/**
 * Declares a journey once per language: `body` gets the locale, `text` bound to it and its path
 * prefix ('' or '/es').
 */
export function forEachLocale(
  body: (locale: TLocale, tr: ReturnType<typeof translator>, p: string) => void,
) {
  for (const locale of LOCALES) body(locale, translator(locale), prefix(locale));
}

/** A journey's test on this busy machine (a build shared with others, two cores). */
export const JOURNEY_MS = 180_000;

/** An account of the journey: its e-mail and password. */
export type TWho = { email: string; password: string };

/**
 * Registers a business owner (with their company as workplace) through the API; the password
 * goes to the log scan. Returns the owner's access token.
 */
export async function registerBusinessByApi(
  locale: TLocale,
  who: TWho & { company: string; name?: string; lastName?: string },
): Promise<string> {
  secretsSeen.add(who.password);
  const registered = await api('POST', '/users/register', {
    email: who.email,
    name: who.name ?? 'Lucía',
    last_name: who.lastName ?? 'Martín',
    password: who.password,
    lang: locale,
    is_talent: false,
    workplace_name: who.company,
    position: 'CEO',
    start_date: '2020-02-01',
    work_here: true,
  });
  return registered.access_token!;
}

/**
 * Registers a talent through the API; the password goes to the log scan. Returns the talent's
 * access token.
 */
export async function registerTalentByApi(
  locale: TLocale,
  who: TWho & { name?: string; lastName?: string },
): Promise<string> {
  secretsSeen.add(who.password);
  const registered = await api('POST', '/users/register', {
    email: who.email,
    name: who.name ?? 'Rosa',
    last_name: who.lastName ?? 'Mamani',
    password: who.password,
    lang: locale,
    is_talent: true,
  });
  return registered.access_token!;
}

/**
 * Posts an open remote project (6 weeks, in USD, closing in 40 days) of the business of `token`;
 * returns its id and name.
 */
export async function postProjectByApi(
  token: string,
  project: {
    name: string;
    summary?: string;
    description?: string;
    skills?: string[];
    budget?: number;
  },
): Promise<{ id: number; name: string }> {
  const posted = await api(
    'POST',
    '/projects',
    {
      name: project.name,
      summary: project.summary ?? 'An online shop for a weavers’ cooperative.',
      description: project.description ?? 'Catalogue, orders and payments, in Spanish and English.',
      skills: project.skills ?? ['React'],
      budget: project.budget ?? 250_000,
      currency: 'USD',
      weeks: 6,
      modality: 'remote',
      country_code: 'PE',
      end_date: isoDay(40),
    },
    token,
  );
  return posted.data as { id: number; name: string };
}

/** The talent of `token` applies to project `projectId` through the API. */
export async function applyByApi(
  locale: TLocale,
  token: string,
  application: { projectId: number; proposal?: string; price?: number; weeks?: number },
) {
  await api(
    'POST',
    '/project_applications',
    {
      project_id: application.projectId,
      proposal: application.proposal ?? 'I built the shops of two cooperatives in Cusco.',
      price_proposal: application.price ?? 240_000,
      weeks: application.weeks ?? 6,
      lang: locale,
    },
    token,
  );
}

/** Signs `who` in through the form of /auth/login in `locale` and waits to leave that page. */
export async function signedIn(page: Page, who: TWho, locale: TLocale) {
  await signIn(page, who.email, who.password, locale);
  await page.waitForURL((u) => !u.pathname.endsWith('/auth/login'), { timeout: ANSWER_MS });
}

/** A page in a fresh browser profile of its own (`newContext`); close it with `closePages`. */
export async function openPage(): Promise<Page> {
  const context = await newContext(browser);
  return context.newPage();
}

/** Closes the profiles of pages `openPage` opened (those it opened: a hook may run after a failed one). */
export async function closePages(...pages: (Page | undefined)[]) {
  for (const page of pages) await page?.context().close();
}
