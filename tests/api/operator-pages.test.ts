import { eq } from 'drizzle-orm';
import type { GetServerSidePropsResult } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { setSsrDeps } from '@/server/ssr/context';
import type { TServerSession } from '@/store';
import { createTestApi } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { getServerSidePropsOf, pageContext, type TPageRequest } from '../helpers/pages';
import { createTalent, type TTestUser } from '../helpers/users';

// The console's pages (docs/product.md "Operators"): the server answers them to operators only,
// with the screen's first page read with the session; anyone else, signed out included, gets
// the 404 page (a page move within the app too); /admin sends an operator to its first tab, in
// the page's language. Each page is called in-process, as Next calls it.

let api: Awaited<ReturnType<typeof createTestApi>>;
let olga: TTestUser;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  api = await createTestApi();
  setSsrDeps(api.deps);
  olga = await createTalent(api, { name: 'Olga' });
  await api.db.update(users).set({ isOperator: true }).where(eq(users.id, olga.id));
  team = await createTeam(api, { prefix: 'Pages' });
});
afterAll(async () => {
  setSsrDeps(undefined);
  await api.close();
});

type TResult = GetServerSidePropsResult<{ serverSession: TServerSession | null }>;

async function render(route: string, request: Omit<TPageRequest, 'route'> = {}) {
  const file = `pages${route === '/admin/' ? '/admin/index' : route}.tsx`;
  const page = await getServerSidePropsOf({ file, route });
  const ctx = pageContext({ route, ...request });
  if (request.search === 'data') ctx.req.headers['x-nextjs-data'] = '1';
  return (await page(ctx)) as TResult;
}

const ROUTES = ['/admin/verifications', '/admin/reports', '/admin/audit', '/admin/'];

describe('the console pages', () => {
  it('are the 404 page to anyone but an operator: signed out, a talent, each company role, a bad token', async () => {
    const strangers: [string, string | undefined][] = [
      ['signed out', undefined],
      ['talent', team.talent.token],
      ['owner', team.owner.token],
      ['admin', team.admin.token],
      ['recruiter', team.recruiter.token],
      ['bad token', 'not.a.token'],
    ];
    for (const route of ROUTES) {
      for (const [who, token] of strangers) {
        for (const locale of ['en', 'es'] as const) {
          expect(await render(route, { token, locale }), `${route} ${who} ${locale}`).toEqual({
            notFound: true,
          });
        }
        // A move within the app asks the server again, and is refused the same way.
        expect(await render(route, { token, search: 'data' }), `${route} ${who} (move)`).toEqual({
          notFound: true,
        });
      }
    }
  });

  it('render for an operator with the screen’s first page read on the server', async () => {
    const result = await render('/admin/verifications', { token: olga.token, locale: 'es' });
    expect('props' in result).toBe(true);
    const props = await (result as { props: { serverSession: TServerSession } }).props;
    expect(props.serverSession.user).toMatchObject({ id: olga.id, is_operator: true });
    const queries = Object.values(
      (props.serverSession.api as { queries: Record<string, { endpointName: string }> }).queries,
    );
    expect(queries.map((q) => q.endpointName)).toContain('verificationQueue');
    for (const route of ['/admin/reports', '/admin/audit']) {
      expect('props' in (await render(route, { token: olga.token })), route).toBe(true);
    }
  });

  it('/admin sends an operator to the verifications, in the page’s language', async () => {
    expect(await render('/admin/', { token: olga.token })).toEqual({
      redirect: { destination: '/admin/verifications', permanent: false },
    });
    expect(await render('/admin/', { token: olga.token, locale: 'es' })).toEqual({
      redirect: { destination: '/es/admin/verifications', permanent: false },
    });
  });

  it('a suspended operator’s session is refused like anyone’s', async () => {
    const sam = await createTalent(api, { name: 'Sam' });
    await api.db
      .update(users)
      .set({ isOperator: true, suspendedAt: api.clock.now })
      .where(eq(users.id, sam.id));
    expect(await render('/admin/audit', { token: sam.token })).toEqual({ notFound: true });
  });
});
