import { loggedPath } from '@/server/middleware/request-log';
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { translationProps } from '@/lib/i18n/page-props';
import { paramsWithControlChars } from '@/server/lib/validate';
import { log, safeErrorFields } from '@/server/logger';

// The one way into a server-rendered page (docs/architecture.md "Pages rendered on the server"):
// every page's getServerSideProps is `serverPage(...)`, as every API request goes through the
// app's middleware. It refuses an address with a control character as the API refuses a query
// (docs/security.md "Text"), and logs a failed render as the API logs a failed request, by class
// and SQLSTATE only (docs/security.md "Errors and logs").

/** The props of a refused address: pages/_app.tsx renders the 400 screen instead of the page. */
export type TAddressRefused = { addressRefused: true };

/** The mark serverPage leaves on what it returns: a test checks that every page carries it. */
export const SERVER_PAGE = Symbol.for('talentchain.serverPage');

/**
 * What leaves a page whose loader failed, for Next to log and answer 500 with: its text and stack
 * are ours, never the failure's (a failed query's message quotes its SQL and parameters, which
 * hold what the visitor typed).
 */
export class PageRenderError extends Error {
  constructor() {
    super('The page could not be rendered; the log line "page failed" has its cause.');
    this.name = 'PageRenderError';
  }
}

/** The page's path, without its query string (which holds what the visitor typed). */
const pathOf = (ctx: GetServerSidePropsContext) => loggedPath(ctx.resolvedUrl.split('?')[0]!);

/**
 * getServerSideProps of a server-rendered page: `load` (the page's own) runs only for an address
 * without control characters in any query or path parameter, names included; another is answered
 * with a real 400 and the refusal screen. A failure of `load` is logged safely and leaves as a
 * PageRenderError (Next's 500 page).
 */
export function serverPage<P extends object>(
  load: (ctx: GetServerSidePropsContext) => Promise<GetServerSidePropsResult<P>>,
) {
  const page = async (
    ctx: GetServerSidePropsContext,
  ): Promise<GetServerSidePropsResult<P | TAddressRefused>> => {
    // Apart: Next merges the path's parameters over the query's, which could hide one of them.
    const dirty = [
      ...paramsWithControlChars(ctx.query),
      ...paramsWithControlChars(ctx.params ?? {}),
    ];
    if (dirty.length > 0) {
      ctx.res.statusCode = 400;
      const refused: TAddressRefused = { addressRefused: true };
      return { props: { ...refused, ...(await translationProps(ctx.locale)) } };
    }
    try {
      return await load(ctx);
    } catch (error) {
      log('error', 'page failed', { path: pathOf(ctx), ...safeErrorFields(error) });
      throw new PageRenderError();
    }
  };
  return Object.assign(page, { [SERVER_PAGE]: true as const });
}
