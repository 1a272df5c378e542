import type { GetServerSidePropsResult } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, type TCompanyRole } from '@/db/schema';
import { COMPANY_COOKIE } from '@/lib/storage-keys';
import { setSsrDeps } from '@/server/ssr/context';
import type { TServerSession } from '@/store';
import { createTestApi } from '../helpers/api';
import { pipelineFixtures } from '../helpers/marketplace';
import { getServerSidePropsOf, pageContext, type TPageRequest } from '../helpers/pages';
import { createBusiness, createTalent, type TTestUser } from '../helpers/users';

// The signed-in pages the server renders with the session read within the company the request
// chose (the tc_company cookie, docs/api.md "Companies and teams"), as the browser's calls do:
// the team of /business/team (members; for an owner or admin, its pending invitations and the
// activity's first page) and the postings of /business/postings (docs/performance.md "How pages
// paint early"). Each page is called in-process, as Next calls it.

let api: Awaited<ReturnType<typeof createTestApi>>;
let olga: TTestUser; // owns her company
let bruno: TTestUser; // owns his own company (his oldest) and is an admin of Olga's
let rita: TTestUser; // a recruiter of Olga's company only

/** Makes `user` a member of `companyId` with `role`, a second after their own company. */
async function join(user: TTestUser, companyId: number, role: TCompanyRole) {
  const joinedAt = new Date(api.clock.now.getTime() + 1000);
  await api.db.insert(companyMembers).values({ companyId, userId: user.id, role, joinedAt });
}

beforeAll(async () => {
  api = await createTestApi();
  setSsrDeps(api.deps);
  olga = await createBusiness(api, { name: 'Olga' });
  bruno = await createBusiness(api, { name: 'Bruno' });
  rita = await createBusiness(api, { name: 'Rita', company: false });
  await join(bruno, olga.companyId!, 'admin');
  await join(rita, olga.companyId!, 'recruiter');
  const invited = await api.call('POST', `/companies/${olga.companyId}/invitations`, {
    token: olga.token,
    body: { email: 'new.recruiter@example.com', role: 'recruiter', lang: 'en' },
  });
  expect(invited.status, JSON.stringify(invited.json)).toBe(201);
});
afterAll(async () => {
  setSsrDeps(undefined);
  await api.close();
});

type TQueries = Record<string, { endpointName: string; originalArgs: unknown; data?: unknown }>;

/** The page's server session for `request`, and the cache's answers it carries, by endpoint. */
async function serverSessionOf(request: TPageRequest) {
  const page = await getServerSidePropsOf({
    file: `pages${request.route}.tsx`,
    route: request.route,
  });
  const result = (await page(pageContext(request))) as GetServerSidePropsResult<{
    serverSession: TServerSession | null;
  }>;
  const session = 'props' in result ? (await result.props).serverSession : null;
  const queries = Object.values(((session?.api ?? {}) as { queries?: TQueries }).queries ?? {});
  const read = (endpoint: string) => queries.filter((q) => q.endpointName === endpoint);
  return { session, read };
}

const chose = (companyId: number) => `${COMPANY_COOKIE}=${companyId}`;
const names = (members: unknown) =>
  (members as { user: { name: string } }[]).map((m) => m.user.name).sort();

describe('/business/team rendered with the session', () => {
  it('reads the team of the company the cookie chose: its members, invitations and activity', async () => {
    for (const locale of ['en', 'es'] as const) {
      const { session, read } = await serverSessionOf({
        route: '/business/team',
        token: bruno.token,
        cookies: chose(olga.companyId!),
        locale,
      });
      expect(session?.company).toBe(olga.companyId);
      const [members] = read('companyMembers');
      expect(members?.originalArgs).toBe(olga.companyId);
      expect(names(members?.data)).toEqual(['Bruno', 'Olga', 'Rita']);
      const [invitations] = read('companyInvitations');
      expect(invitations?.data).toEqual([
        expect.objectContaining({ email: 'new.recruiter@example.com' }),
      ]);
      const [audit] = read('companyAudit');
      expect(audit?.originalArgs).toEqual({ companyId: olga.companyId, page: 1, perPage: 20 });
      expect((audit?.data as { data: unknown[] }).data.length).toBeGreaterThan(0);
    }
  });

  it('without a choice (or with a company the user left), reads the oldest membership', async () => {
    for (const cookies of [undefined, chose(999_999)]) {
      const { read } = await serverSessionOf({
        route: '/business/team',
        token: bruno.token,
        cookies,
      });
      expect(read('companyMembers').map((q) => q.originalArgs)).toEqual([bruno.companyId]);
      expect(names(read('companyMembers')[0]?.data)).toEqual(['Bruno']);
    }
  });

  it('reads a recruiter the members only: no invitations, no activity', async () => {
    const { read } = await serverSessionOf({ route: '/business/team', token: rita.token });
    expect(names(read('companyMembers')[0]?.data)).toEqual(['Bruno', 'Olga', 'Rita']);
    expect(read('companyInvitations')).toEqual([]);
    expect(read('companyAudit')).toEqual([]);
  });

  it('reads a talent no company, and a visitor without a session nothing', async () => {
    const talent = await createTalent(api, { name: 'Tina' });
    const signedIn = await serverSessionOf({ route: '/business/team', token: talent.token });
    expect(signedIn.session?.user.is_talent).toBe(true);
    expect(signedIn.read('myCompanies')).toEqual([]);
    const visitor = await serverSessionOf({ route: '/business/team' });
    expect(visitor.session).toBeNull();
  });
});

describe('/business/postings rendered with the session', () => {
  it('lists the postings of the company the cookie chose, as the browser’s call does', async () => {
    const fx = pipelineFixtures(api.call, () => api.clock.now);
    const own = await fx.postProject(bruno.token);
    const olgas = await fx.postProject(olga.token);
    const ids = async (cookies?: string) => {
      const { read } = await serverSessionOf({
        route: '/business/postings',
        token: bruno.token,
        cookies,
      });
      return ((read('myPostings')[0]?.data as { data: { id: number }[] }).data ?? []).map(
        (p) => p.id,
      );
    };
    expect(await ids()).toContain(own.id);
    const chosen = await ids(chose(olga.companyId!));
    expect(chosen).toContain(olgas.id);
    expect(chosen).not.toContain(own.id);
  });
});
