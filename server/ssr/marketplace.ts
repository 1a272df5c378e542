import type { IncomingMessage } from 'node:http';
import type * as v from 'valibot';
import { KINDS, POSTING_KINDS } from '@/lib/kinds';
import { KIND_SCHEMAS } from '@/lib/schemas/marketplace';
import { validate } from '@/lib/schemas/validate';
import { langOf } from '@/lib/i18n/lang';
import { POSTING_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { AppError } from '@/server/errors';
import {
  getPosting,
  getPostingPage,
  searchPostings,
  type TKind,
} from '@/server/services/marketplace/postings';
import { listCountries } from '@/server/services/reference';
import { userEntryOf } from '@/lib/user-entries';
import type { TResponsiveness } from '@/types/pipeline';
import type {
  TJob,
  TJobApplication,
  TPage,
  TPostingWithResponsiveness,
  TProject,
  TProjectApplication,
  TViewerApplication,
} from '@/types/marketplace';

import { anonymousCtx } from './context';
import { serverPage } from './page';
import { pageSession } from './session';

// Loaders of the marketplace's pages (getServerSideProps): the same verbs as GET /projects,
// GET /jobs and GET /projects/{id}, as an anonymous caller, so results and postings are in the
// HTML before JavaScript runs (and in a shared link's preview).

/** A select's option, the shape components/ui/select-field.tsx takes. */
export type TOption = { value: string; label: string };

export type TTab = 'projects' | 'jobs' | 'talents' | 'saved' | 'for_you';

export type TOpportunitiesPage = {
  tab: TTab;
  /** The URL's choices as the filters show them. */
  values: Record<string, string>;
  /**
   * Postings of the tab; null on the talents tab (searched in the browser, by businesses) and on
   * the caller's Saved and For you tabs (read in the browser).
   */
  results: TPage<TProject | TJob> | null;
  countries: TOption[];
};

export type TPostingPage = {
  posting: TProject | TJob;
  countryName: string | null;
  mine?: TViewerApplication | null;
  /**
   * How quickly the posting's company answers, on the public page only (docs/product.md
   * "Responsiveness"); in the HTML, so nothing appears after hydration.
   */
  responsiveness?: TResponsiveness;
  /**
   * Hidden by an operator: only its company's team and the operators read it (docs/product.md
   * "Reports and suspension"), so the page says why nobody else finds it.
   */
  hidden?: boolean;
};

/** Props travel as JSON. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Countries as select options, in the language's names and order. */
export async function loadCountryOptions(lang: 'en' | 'es'): Promise<TOption[]> {
  const rows = await listCountries(await anonymousCtx());
  return rows
    .map((c) => ({ value: c.code, label: lang === 'es' ? c.name_es : c.name_en }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
}

/** The first value of each query parameter, as text. */
function firstValues(query: Record<string, string | string[] | undefined>) {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim() !== '') values[key] = first.trim();
  }
  return values;
}

/**
 * Parses the URL's choices; a choice that is not valid (an edited or old link) is dropped, so
 * the page shows what the rest of the choices find instead of an error.
 */
function searchOf<S extends v.GenericSchema>(schema: S, values: Record<string, string>) {
  let input = values;
  for (;;) {
    const result = validate(schema, input);
    if (result.ok) return { search: result.value as v.InferOutput<S>, values: input };
    const bad = new Set(result.errors.map((e) => e.path.split('.')[0]));
    // Amounts without their currency (an old link) are dropped with it.
    if (bad.has('currency')) for (const k of ['min_pay', 'max_pay']) bad.add(k);
    const kept = Object.entries(input).filter(([k]) => !bad.has(k));
    // Every key is optional, so no choices at all always parse.
    input = Object.fromEntries(kept.length < Object.keys(input).length ? kept : []);
  }
}

/** /opportunities: the tab and its first page of postings for the URL's choices. */
export async function loadOpportunities(
  query: Record<string, string | string[] | undefined>,
  lang: 'en' | 'es',
  req?: IncomingMessage,
): Promise<TOpportunitiesPage> {
  const all = firstValues(query);
  const tabs: readonly string[] = ['jobs', 'talents', 'saved', 'for_you'] satisfies TTab[];
  const tab = (tabs.includes(all.tab ?? '') ? all.tab : 'projects') as TTab;
  const countries = await loadCountryOptions(lang);
  // Talents, and the caller's own tabs, are read in the browser with the caller's token.
  if (tab === 'talents' || tab === 'saved' || tab === 'for_you') {
    return { tab, values: {}, results: null, countries };
  }
  const { tab: _tab, ...choices } = all;
  const kind: TKind = POSTING_KINDS.find((k) => KINDS[k].postings === tab) ?? 'project';
  const { search, values } = searchOf(KIND_SCHEMAS[kind].search, choices);
  const results =
    (req && (await searchAsCaller(req, kind, search))) ??
    (await searchPostings(await anonymousCtx(), { ...search, kind }));
  return { tab, values, results: plain(results as TPage<TProject | TJob>), countries };
}

/**
 * The search through the API with the page's session (server/ssr/session.ts), as the browser
 * would make it: a talent's results say which postings they saved (docs/api.md "Favourites").
 * Null without a session, or when the API refuses the session (the page renders signed out).
 */
async function searchAsCaller(req: IncomingMessage, kind: TKind, search: object) {
  const session = await pageSession(req);
  if (!session) return null;
  const answer = await session.call({
    url: `/${KINDS[kind].postings}`,
    params: search as Record<string, unknown>,
  });
  const body = answer.body as { status?: boolean; data?: TPage<TProject | TJob> };
  return answer.status === 200 && body?.status === true && body.data ? body.data : null;
}

/**
 * A posting form page's own props: the countries and, for an edit page (an `id`), the posting;
 * null when that posting is not found.
 */
export async function loadPostingForm(
  kind: TKind,
  id: string | null,
  lang: 'en' | 'es',
  req?: IncomingMessage,
): Promise<{ posting?: TProject | TJob; countries: TOption[] } | null> {
  const [page, countries] = await Promise.all([
    id === null ? {} : loadPosting(kind, id, lang, {}, req),
    loadCountryOptions(lang),
  ]);
  return page && { ...page, countries };
}

/** A posting's id as the address writes it, or null when it cannot be one. */
const postingIdOf = (id: string) =>
  /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;

/**
 * The caller's application to the posting, read through the API with the page's session
 * (server/ssr/session.ts) as the browser would (`GET /me/applications?posting_id=`), on every
 * request of the page, a move within the app included. Null without a session, or for a caller
 * who is no talent (the API's 403).
 */
export async function loadViewerApplication(
  req: IncomingMessage,
  kind: TKind,
  id: string,
): Promise<TViewerApplication | null> {
  const postingId = postingIdOf(id);
  if (postingId === null) return null;
  const session = await pageSession(req);
  if (!session) return null;
  const answer = await session.call({
    url: '/me/applications',
    params: { type: kind, page: 1, posting_id: postingId },
  });
  const body = answer.body as {
    status?: boolean;
    data?: TPage<TProjectApplication | TJobApplication>;
  };
  if (answer.status !== 200 || body?.status !== true || !body.data) return null;
  const found = body.data.data[0];
  return { userId: session.userId, entry: found ? userEntryOf(found).entry : null };
}

/**
 * A posting only the caller may read (a hidden one, read by its team or an operator), through
 * the API with the page's session (server/ssr/session.ts) as the browser would. Null without a
 * session, or when the API does not find it for them either.
 */
async function hiddenPostingFor(req: IncomingMessage, kind: TKind, id: string) {
  const session = await pageSession(req);
  if (!session) return null;
  const answer = await session.call({ url: `/${KINDS[kind].postings}/${id}` });
  const body = answer.body as { status?: boolean; data?: TPostingWithResponsiveness };
  return answer.status === 200 && body?.status === true && body.data ? body.data : null;
}

/**
 * /projects/[id], /jobs/[id], their edit pages and boards: the posting, or null (a real 404).
 * Read as an anonymous caller; one that is not found so is read again as the caller of `req`,
 * when there is one: a hidden posting still opens for its company's team and the operators,
 * marked `hidden` (docs/product.md "Reports and suspension").
 */
export async function loadPosting(
  kind: TKind,
  id: string,
  lang: 'en' | 'es',
  opts: { responsiveness?: boolean } = {},
  req?: IncomingMessage,
): Promise<TPostingPage | null> {
  if (postingIdOf(id) === null) return null;
  const ctx = await anonymousCtx();
  const input = { kind, id: Number(id) };
  let read: TPostingWithResponsiveness | TProject | TJob;
  let hidden = false;
  try {
    read = opts.responsiveness ? await getPostingPage(ctx, input) : await getPosting(ctx, input);
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'not_found')) throw err;
    const theirs = req ? await hiddenPostingFor(req, kind, id) : null;
    if (!theirs) return null;
    read = theirs;
    hidden = true;
  }
  const {
    responsiveness,
    invitation: _invitation,
    ...rest
  } = plain(read as TPostingWithResponsiveness);
  const posting = rest as TProject | TJob;
  const country = (await listCountries(ctx)).find((c) => c.code === posting.country_code);
  return {
    posting,
    countryName: country ? (lang === 'es' ? country.name_es : country.name_en) : null,
    ...(opts.responsiveness && { responsiveness }),
    ...(hidden && { hidden }),
  };
}

/**
 * The getServerSideProps of /projects/[id] and /jobs/[id]: the posting, rendered on the server
 * (an unknown id is a real 404), and whether the caller applied, from the server with the page
 * (not a stored copy).
 */
export const postingPageProps = (kind: TKind) =>
  serverPage<TPostingPage>(async ({ params, locale, req }) => {
    const id = String(params?.id ?? '');
    const reads = [
      loadPosting(kind, id, langOf(locale), { responsiveness: true }, req),
      loadViewerApplication(req, kind, id),
      translationProps(locale, POSTING_NAMESPACES),
    ] as const;
    // When one read fails, the others finish before the page does: none outlives its request.
    await Promise.allSettled(reads);
    const [page, mine, translations] = await Promise.all(reads);
    if (!page) return { notFound: true };
    return { props: { ...page, mine, ...translations } };
  });
