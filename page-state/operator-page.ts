import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { ADMIN_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { serverPage } from '@/server/ssr/page';
import { pageSession } from '@/server/ssr/session';
import type { TSignedInProps } from '@/store';
import type { TScreenModule } from '@/store/session-preload';
import { serverSession } from './signed-in-page';

/**
 * Whether the request's session (its cookie, lib/session-cookie.ts) is an operator's, as the API
 * itself says it: the user's own answer, through the same token check (expired, revoked,
 * suspended: no).
 */
async function isOperatorRequest(ctx: GetServerSidePropsContext): Promise<boolean> {
  const session = await pageSession(ctx.req);
  if (!session) return false;
  const me = await session.call({ method: 'GET', url: `/users/id/${session.userId}` });
  const data = (me.body as { data?: { is_operator?: unknown } } | null)?.data;
  return me.status === 200 && data?.is_operator === true;
}

/**
 * getServerSideProps of a console page (docs/product.md "Operators"): anyone but an operator,
 * signed out included, gets the 404 page with status 404, as the API answers them; a move
 * within the app (Next's data request) is checked the same way. For an operator, the page's
 * translations and server session (its screen's first reads), as every signed-in page.
 * With `redirect`, the operator is sent there instead (/admin → its first tab).
 */
export function operatorPage(screen?: () => Promise<TScreenModule>, redirect?: string) {
  return serverPage(
    async (ctx: GetServerSidePropsContext): Promise<GetServerSidePropsResult<TSignedInProps>> => {
      if (!(await isOperatorRequest(ctx))) return { notFound: true };
      if (redirect) {
        const prefix = ctx.locale && ctx.locale !== ctx.defaultLocale ? `/${ctx.locale}` : '';
        return { redirect: { destination: `${prefix}${redirect}`, permanent: false } };
      }
      const [translations, session] = await Promise.all([
        translationProps(ctx.locale, ADMIN_NAMESPACES),
        serverSession(ctx, screen),
      ]);
      return { props: { ...translations, serverSession: session } };
    },
  );
}
