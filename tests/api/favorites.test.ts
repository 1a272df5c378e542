import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { favorites } from '@/db/schema';
import { MAX_FAVORITES } from '@/lib/schemas/favorites';
import { createTestApi } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { pipelineFixtures, type TKind, type TPage, type TPosting } from '../helpers/marketplace';
import { statementsOf } from '../helpers/statements';
import { createTalent, type TTestUser } from '../helpers/users';

// Favourites (docs/api.md "Favourites"): a talent saves postings, a business account (owner or
// member) saves talents; saving and removing are idempotent; lists and answers say `saved`.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let team: Awaited<ReturnType<typeof createTeam>>;
let talent: TTestUser;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
  team = await createTeam(api, { prefix: 'Fav' });
  talent = await createTalent(api, { name: 'Saver' });
});
afterAll(async () => api.close());
beforeEach(async () => api.resetRateLimits());

type TCaller = 'signed out' | 'a talent' | 'the business owner' | 'a business member';
const tokenOf = (caller: TCaller) =>
  ({
    'signed out': undefined,
    'a talent': talent.token,
    'the business owner': team.owner.token,
    'a business member': team.recruiter.token,
  })[caller];

const KINDS: TKind[] = ['project', 'job'];

describe('who may save what', () => {
  // [caller, saving a posting, saving a talent]
  const TABLE: [TCaller, number, number][] = [
    ['signed out', 401, 401],
    ['a talent', 200, 403],
    ['the business owner', 403, 200],
    ['a business member', 403, 200],
  ];
  for (const [caller, posting, talentStatus] of TABLE) {
    for (const kind of KINDS) {
      it(`${caller}: PUT and DELETE /me/favorites/${kind}/{id} answer ${posting}`, async () => {
        const p = await fx.post(kind, team.owner.token);
        const token = tokenOf(caller);
        const put = await api.call('PUT', `/me/favorites/${kind}/${p.id}`, { token });
        expect(put.status, JSON.stringify(put.json)).toBe(posting);
        const del = await api.call('DELETE', `/me/favorites/${kind}/${p.id}`, { token });
        expect(del.status).toBe(posting);
        const list = await api.call('GET', `/me/favorites?kind=${kind}`, { token });
        expect(list.status).toBe(posting);
        // A caller of the other role is refused before any id is looked at.
        if (posting === 403) {
          const missing = await api.call('PUT', `/me/favorites/${kind}/999999`, { token });
          expect(missing.status).toBe(403);
        }
      });
    }
    it(`${caller}: PUT and DELETE /me/favorites/talent/{id} answer ${talentStatus}`, async () => {
      const target = await createTalent(api, { name: 'Target' });
      const token = tokenOf(caller);
      const put = await api.call('PUT', `/me/favorites/talent/${target.id}`, { token });
      expect(put.status, JSON.stringify(put.json)).toBe(talentStatus);
      const del = await api.call('DELETE', `/me/favorites/talent/${target.id}`, { token });
      expect(del.status).toBe(talentStatus);
      const list = await api.call('GET', '/me/favorites?kind=talent', { token });
      expect(list.status).toBe(talentStatus);
    });
  }
});

describe('saving and removing', () => {
  it('saves a posting once however often it is asked, and removes it once', async () => {
    for (const kind of KINDS) {
      const p = await fx.post(kind, team.owner.token);
      const token = talent.token;
      for (let i = 0; i < 2; i++) {
        const put = await api.call('PUT', `/me/favorites/${kind}/${p.id}`, { token });
        expect(put.status).toBe(200);
        expect(put.json).toEqual({
          status: true,
          data: { kind, id: p.id, saved: true },
          message: 'Saved to your favourites.',
          message_es: 'Guardado en tus favoritos.',
        });
      }
      const list = await api.call('GET', `/me/favorites?kind=${kind}`, { token });
      const page = list.json.data as TPage<TPosting>;
      expect(page.data.filter((x) => x.id === p.id)).toHaveLength(1);
      for (let i = 0; i < 2; i++) {
        const del = await api.call('DELETE', `/me/favorites/${kind}/${p.id}`, { token });
        expect(del.status).toBe(200);
        expect(del.json).toEqual({
          status: true,
          data: { kind, id: p.id, saved: false },
          message: 'Removed from your favourites.',
          message_es: 'Quitado de tus favoritos.',
        });
      }
      const after = await api.call('GET', `/me/favorites?kind=${kind}`, { token });
      expect((after.json.data as TPage<TPosting>).data.some((x) => x.id === p.id)).toBe(false);
    }
  });

  it('answers 404 for a posting or a talent that does not exist, and for an unknown kind', async () => {
    for (const kind of KINDS) {
      for (const method of ['PUT', 'DELETE']) {
        const r = await api.call(method, `/me/favorites/${kind}/999999`, { token: talent.token });
        expect(r.status).toBe(404);
        expect(r.json.code).toBe('not_found');
      }
    }
    // A business account is no talent: it cannot be saved as one.
    const r = await api.call('PUT', `/me/favorites/talent/${team.outsider.id}`, {
      token: team.owner.token,
    });
    expect(r.status).toBe(404);
    const odd = await api.call('PUT', '/me/favorites/company/1', { token: talent.token });
    expect(odd.status).toBe(404);
  });

  it(`refuses favourite number ${MAX_FAVORITES + 1} of a kind with 409 limit, and still answers one saved already`, async () => {
    const saver = await createTalent(api, { name: 'Collector' });
    const kept = await fx.post('job', team.owner.token);
    const other = await fx.post('job', team.owner.token);
    // The limit is what matters, not how the rows came: fill it straight in the database.
    await api.db.insert(favorites).values(
      Array.from({ length: MAX_FAVORITES - 1 }, (_, i) => ({
        userId: saver.id,
        kind: 'job',
        targetId: 1_000_000 + i,
      })),
    );
    const last = await api.call('PUT', `/me/favorites/job/${kept.id}`, { token: saver.token });
    expect(last.status).toBe(200);
    const over = await api.call('PUT', `/me/favorites/job/${other.id}`, { token: saver.token });
    expect(over.status).toBe(409);
    expect(over.json.code).toBe('limit');
    expect(over.json.message_es).toBeTruthy();
    const again = await api.call('PUT', `/me/favorites/job/${kept.id}`, { token: saver.token });
    expect(again.status).toBe(200);
    // Another kind has its own limit.
    const project = await fx.post('project', team.owner.token);
    const own = await api.call('PUT', `/me/favorites/project/${project.id}`, {
      token: saver.token,
    });
    expect(own.status).toBe(200);
  });
});

describe('lists and saved flags', () => {
  it('lists saved postings newest saved first, in the same shape as GET /projects and GET /jobs', async () => {
    const saver = await createTalent(api, { name: 'Lister' });
    for (const kind of KINDS) {
      const [a, b, c] = [
        await fx.post(kind, team.owner.token),
        await fx.post(kind, team.owner.token),
        await fx.post(kind, team.owner.token),
      ];
      // Saved in the order b, a, c, a second apart.
      for (const p of [b!, a!, c!]) {
        api.clock.now = new Date(api.clock.now.getTime() + 1000);
        await api.call('PUT', `/me/favorites/${kind}/${p.id}`, { token: saver.token });
      }
      const list = await api.call('GET', `/me/favorites?kind=${kind}`, { token: saver.token });
      const page = list.json.data as TPage<TPosting>;
      expect(page.data.map((p) => p.id)).toEqual([c!.id, a!.id, b!.id]);
      expect(page.total).toBe(3);
      const search = await api.call('GET', `/${kind}s?per_page=50`, { token: saver.token });
      const found = (search.json.data as TPage<TPosting>).data.find((p) => p.id === c!.id);
      expect(page.data[0]).toEqual(found);
      expect(page.data.every((p) => p.saved)).toBe(true);
      const second = await api.call('GET', `/me/favorites?kind=${kind}&per_page=2&page=2`, {
        token: saver.token,
      });
      expect((second.json.data as TPage<TPosting>).data.map((p) => p.id)).toEqual([b!.id]);
    }
  });

  it('says saved on posting lists and pages for the talent who saved it, and false to anyone else', async () => {
    for (const kind of KINDS) {
      const p = await fx.post(kind, team.owner.token);
      const other = await createTalent(api, { name: 'Other' });
      await api.call('PUT', `/me/favorites/${kind}/${p.id}`, { token: talent.token });
      const savedOn = async (token?: string) => {
        const one = await api.call('GET', `/${kind}s/${p.id}`, { token });
        const list = await api.call('GET', `/${kind}s?per_page=50`, { token });
        const item = (list.json.data as TPage<TPosting>).data.find((x) => x.id === p.id);
        return [(one.json.data as TPosting).saved, item?.saved];
      };
      expect(await savedOn(talent.token)).toEqual([true, true]);
      expect(await savedOn(other.token)).toEqual([false, false]);
      expect(await savedOn(undefined)).toEqual([false, false]);
      expect(await savedOn(team.owner.token)).toEqual([false, false]);
    }
  });

  it('lists saved talents for the business account newest saved first, in the shape of GET /talents, with saved on their cards and profiles', async () => {
    const [x, y] = [
      await createTalent(api, { name: 'Xiomara' }),
      await createTalent(api, { name: 'Yolanda' }),
    ];
    const token = team.admin.token;
    for (const t of [x, y]) {
      api.clock.now = new Date(api.clock.now.getTime() + 1000);
      const r = await api.call('PUT', `/me/favorites/talent/${t.id}`, { token });
      expect(r.json.data).toEqual({ kind: 'talent', id: t.id, saved: true });
    }
    const list = await api.call('GET', '/me/favorites?kind=talent', { token });
    const page = list.json.data as TPage<{ id: number; saved: boolean; skills: string[] }>;
    expect(page.data.map((t) => t.id)).toEqual([y.id, x.id]);
    // Without a kind, a business account's list is its talents.
    const byDefault = await api.call('GET', '/me/favorites', { token });
    expect((byDefault.json.data as typeof page).data.map((t) => t.id)).toEqual([y.id, x.id]);
    const search = await api.call('GET', '/talents?search=Yolanda', { token });
    const card = (search.json.data as typeof page).data.find((t) => t.id === y.id);
    expect(page.data[0]).toEqual(card);
    expect(card?.saved).toBe(true);
    // Someone else's favourites are theirs: the owner saved nobody.
    const owners = await api.call('GET', '/talents?search=Yolanda', { token: team.owner.token });
    expect((owners.json.data as typeof page).data.find((t) => t.id === y.id)?.saved).toBe(false);
    // The public profile says it too, read again after a change (the profile cache keeps no flag).
    const profile = async (tok?: string) =>
      ((await api.call('GET', `/users/id/${y.id}`, { token: tok })).json.data as { saved: boolean })
        .saved;
    expect(await profile(token)).toBe(true);
    expect(await profile(team.owner.token)).toBe(false);
    expect(await profile(undefined)).toBe(false);
    await api.call('DELETE', `/me/favorites/talent/${y.id}`, { token });
    expect(await profile(token)).toBe(false);
  });
});

describe('statements', () => {
  it('reads saved flags and the lists in the statement of the list: the caller, then one', async () => {
    const saver = await createTalent(api, { name: 'Counted' });
    for (let i = 0; i < 3; i++) {
      const p = await fx.post('project', team.owner.token);
      await api.call('PUT', `/me/favorites/project/${p.id}`, { token: saver.token });
    }
    const target = await createTalent(api, { name: 'Counted target' });
    await api.call('PUT', `/me/favorites/talent/${target.id}`, { token: team.owner.token });
    const reads: [string, string][] = [
      ['/projects?per_page=50', saver.token],
      ['/me/favorites?kind=project', saver.token],
      ['/me/recommendations?kind=project', saver.token],
      ['/talents', team.owner.token],
      ['/me/favorites?kind=talent', team.owner.token],
      [`/users/id/${target.id}`, team.owner.token],
    ];
    for (const [path, token] of reads) {
      let status = 0;
      const sql = await statementsOf(api.db, async () => {
        status = (await api.call('GET', path, { token })).status;
      });
      expect(status).toBe(200);
      // The caller's lookup, then the list (with its saved flags) in one statement.
      expect(sql.length, `GET ${path} ran:\n${sql.join('\n')}`).toBe(2);
    }
  });
});
