import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWorkplaces, users } from '@/db/schema';
import { createTestApi } from '../helpers/api';
import { withFailingStatement } from '../helpers/statements';
import { createUser, type TTestUser } from '../helpers/users';

// A save that writes several rows writes all of them or none (docs/architecture.md "Reads and
// writes"): each test fails a later statement of the save, as a crash would, and finds the
// earlier ones undone.

let api: Awaited<ReturnType<typeof createTestApi>>;
let ana: TTestUser;

beforeAll(async () => {
  api = await createTestApi();
  ana = await createUser(api.db, api.deps);
});
afterAll(async () => api.close());

const experience = {
  workplace_name: 'Andes Labs',
  position: 'Founder',
  start_date: '2020-03-01',
  end_date: null,
  description: null,
  work_here: true,
  enable_business: true,
};
const updatesUser = (q: string) => /^update "users"/i.test(q);
const workplacesOf = (userId: number) =>
  api.db.select().from(userWorkplaces).where(eq(userWorkplaces.userId, userId));
const isTalent = async (id: number) =>
  (await api.db.select({ t: users.isTalent }).from(users).where(eq(users.id, id)))[0]!.t;

describe('a save of several rows is all or nothing', () => {
  it('adding a business experience: the experience is undone when the switch to business fails', async () => {
    let status = 0;
    const seen = await withFailingStatement(api.db, updatesUser, async () => {
      ({ status } = await api.call('POST', '/user_workplaces', {
        token: ana.token,
        body: experience,
      }));
    });
    expect(status).toBe(500);
    // The experience was inserted before the failing statement, and rolled back with it.
    expect(seen.some((q) => /^insert into "user_workplaces"/i.test(q))).toBe(true);
    expect(await workplacesOf(ana.id)).toEqual([]);
    expect(await isTalent(ana.id)).toBe(true);

    // The same save, without the failure, writes both.
    const ok = await api.call('POST', '/user_workplaces', { token: ana.token, body: experience });
    expect(ok.status).toBe(201);
    expect(await workplacesOf(ana.id)).toHaveLength(1);
    expect(await isTalent(ana.id)).toBe(false);
  });

  it('editing an experience into a business one: the edit is undone with the switch', async () => {
    const bob = await createUser(api.db, api.deps);
    const created = await api.call('POST', '/user_workplaces', {
      token: bob.token,
      body: { ...experience, enable_business: false },
    });
    const id = (created.json.data as { id: number }).id;
    let status = 0;
    await withFailingStatement(api.db, updatesUser, async () => {
      ({ status } = await api.call('PATCH', '/user_workplaces', {
        token: bob.token,
        body: { id, position: 'CEO', enable_business: true },
      }));
    });
    expect(status).toBe(500);
    const [row] = await workplacesOf(bob.id);
    expect(row).toMatchObject({ position: 'Founder', enableBusiness: false });
    expect(await isTalent(bob.id)).toBe(true);
  });
});
