import { createContext } from 'react';
import { COMPANY_COOKIE } from './storage-keys';

/**
 * The company a business member works within (docs/api.md "Companies and teams"): its id in the
 * `tc_company` cookie, which the server reads where a call needs "the chosen company" (My
 * postings, a new posting). Not HttpOnly: the account menu's switcher writes it. The screens
 * subscribe to it, so a choice made in the menu shows everywhere at once.
 */

const MAX_AGE_SECONDS = 365 * 24 * 3600;

const listeners = new Set<() => void>();

/** The chosen company's id in a `Cookie` header (or `document.cookie`), or null (none, not a number). */
export function companyChoiceOf(cookies: string | null | undefined): number | null {
  for (const part of (cookies ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== COMPANY_COOKIE) continue;
    const id = Number(part.slice(eq + 1).trim());
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }
  return null;
}

/** The chosen company's id, or null (none chosen, outside the browser, or not a number). */
export function readCompanyChoice(): number | null {
  if (typeof document === 'undefined') return null;
  return companyChoiceOf(document.cookie);
}

/**
 * The choice as the server read it from the page's request (page-state/signed-in-page.ts), for
 * a page it rendered with the session: what the server's render and the browser's hydration
 * both take for the chosen company (useCurrentCompany), so that they render the same company.
 * Null elsewhere: nothing that depends on the choice renders before the browser knows it.
 */
export const ServerCompanyChoice = createContext<number | null>(null);

/** Chooses company `id` (null forgets the choice) and tells every subscriber. */
export function writeCompanyChoice(id: number | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = id === null ? '' : String(id);
  const age = id === null ? 0 : MAX_AGE_SECONDS;
  document.cookie = `${COMPANY_COOKIE}=${value}; Path=/; Max-Age=${age}; SameSite=Lax${secure}`;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: called whenever the choice changes in this page. */
export function subscribeCompanyChoice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
