import { describe, expect, it } from 'vitest';
import {
  diffList,
  runListSave,
  runTagsSave,
  toPayload,
  type TCall,
  type TListApi,
  type TPayload,
} from '@/lib/profile/save-diff';
import { makeStore } from '@/store';
import { loggedIn } from '@/store/auth-slice';
import { experienceEvents } from '@/store/profile-list-events';
import { experienceAdded, experienceEdited, experienceRemoved } from '@/store/profile-slice';
import type { TExperience } from '@/types/user';
import { makeUser } from '../helpers/fixtures';

const exp = (
  id: number | string,
  position: string,
  extra: Partial<TExperience> = {},
): TExperience => ({
  id,
  workplace_name: 'Andes Labs',
  position,
  start_date: '2020-01-01',
  end_date: null,
  description: null,
  work_here: true,
  enable_business: false,
  verify_status_id: 1,
  ...extra,
});

const ok = <T>(data: T): TCall<T> => ({ ok: true, data });
const failed: TCall<never> = { ok: false };

/** An API over an in-memory table that logs every call and fails the calls `failWhen` picks. */
function fakeApi(rows: TExperience[]) {
  const table = new Map(rows.map((r) => [r.id as number, r]));
  const log: string[] = [];
  let nextId = 100;
  let failWhen: (call: string) => boolean = () => false;
  const api: TListApi<TExperience> = {
    async create(payload: TPayload<TExperience>) {
      log.push(`POST ${payload.position}`);
      if (failWhen(`POST ${payload.position}`)) return failed;
      const row = { ...payload, id: nextId++, verify_status_id: 1 };
      table.set(row.id, row);
      return ok(row);
    },
    async update(payload) {
      log.push(`PATCH ${payload.id}`);
      if (failWhen(`PATCH ${payload.id}`)) return failed;
      const row = { ...table.get(payload.id)!, ...payload };
      table.set(row.id as number, row);
      return ok(row);
    },
    async remove(id) {
      log.push(`DELETE ${id}`);
      if (failWhen(`DELETE ${id}`)) return failed;
      table.delete(id);
      return ok(true);
    },
  };
  return {
    api,
    log,
    positions: () => [...table.values()].map((r) => r.position).sort(),
    failWhen: (f: (call: string) => boolean) => {
      failWhen = f;
    },
  };
}

describe('the list diff (the seed: states and transitions)', () => {
  const saved = [exp(1, 'Developer'), exp(2, 'Lead'), exp(3, 'Intern')];

  it('creates entries without a numeric id, updates changed ones, deletes missing ones, leaves the rest', () => {
    const edited = [exp(1, 'Developer'), exp(2, 'Tech lead'), exp('new-a', 'CTO')];
    const plan = diffList(saved, edited);
    expect(plan.creates.map((e) => e.position)).toEqual(['CTO']);
    expect(plan.updates.map((e) => e.id)).toEqual([2]);
    expect(plan.deletes).toEqual([3]);
  });

  it('sees no change between an empty text, null and a missing field, nor in verify_status_id', () => {
    const edited = [
      exp(1, 'Developer', { description: '', verify_status_id: 3 }),
      saved[1]!,
      saved[2]!,
    ];
    expect(diffList(saved, edited)).toEqual({ creates: [], updates: [], deletes: [] });
  });

  it('drops verify_status_id (and the id) from what is sent', () => {
    const payload = toPayload(exp(1, 'Developer', { verify_status_id: 3 }));
    expect(payload).not.toHaveProperty('verify_status_id');
    expect(payload).not.toHaveProperty('id');
    expect(payload).toMatchObject({ position: 'Developer', work_here: true });
  });
});

describe('a list save that fails in the middle', () => {
  it('keeps what was typed, completes on retry with only the remaining calls, and creates nothing twice', async () => {
    const server = [exp(1, 'Developer'), exp(2, 'Lead'), exp(3, 'Intern')];
    const fake = fakeApi(server);
    const { store } = makeStore();
    store.dispatch(loggedIn({ user: makeUser({ workplaces: server }), accessToken: 'token' }));
    store.dispatch(experienceRemoved(3));
    store.dispatch(experienceEdited({ id: 2, changes: { position: 'Tech lead' } }));
    store.dispatch(experienceAdded(exp('new-a', 'CTO')));
    store.dispatch(experienceAdded(exp('new-b', 'Founder')));
    fake.failWhen((call) => call === 'POST Founder' || call === 'PATCH 2');

    const run = () => {
      const s = store.getState();
      return runListSave(
        s.auth.user!.workplaces,
        s.profile.experiences,
        fake.api,
        experienceEvents(store.dispatch),
      );
    };
    const first = await run();

    expect(first).toEqual({ ok: false, total: 4, failed: 2 });
    // Nothing typed is lost: the edited list still holds every change, the failed ones included.
    const edited = store.getState().profile.experiences;
    expect(edited.map((e) => e.position)).toEqual(['Developer', 'Tech lead', 'CTO', 'Founder']);
    expect(store.getState().profile.unsaved.experiences).toBe(true);
    // The created one took its server id; the one that failed keeps its temporary id.
    expect(edited.find((e) => e.position === 'CTO')?.id).toBe(100);
    expect(edited.find((e) => e.position === 'Founder')?.id).toBe('new-b');
    // The user's copy follows the server: deleted, created, not yet updated.
    expect(
      store
        .getState()
        .auth.user!.workplaces.map((w) => w.position)
        .sort(),
    ).toEqual(fake.positions());

    fake.failWhen(() => false);
    fake.log.length = 0;
    const retry = await run();

    expect(retry).toEqual({ ok: true, total: 2, failed: 0 });
    expect(fake.log).toEqual(['PATCH 2', 'POST Founder']);
    expect(fake.positions()).toEqual(['CTO', 'Developer', 'Founder', 'Tech lead']);
    expect(
      store
        .getState()
        .auth.user!.workplaces.map((w) => w.position)
        .sort(),
    ).toEqual(fake.positions());
    // A third run has nothing left to do.
    fake.log.length = 0;
    expect(await run()).toEqual({ ok: true, total: 0, failed: 0 });
    expect(fake.log).toEqual([]);
  });

  it('counts a thrown call as a failure, never as a lost save', async () => {
    const api: TListApi<TExperience> = {
      create: async () => {
        throw new Error('network');
      },
      update: async () => failed,
      remove: async () => failed,
    };
    const events = { created: () => {}, updated: () => {}, deleted: () => {} };
    expect(await runListSave([], [exp('new-a', 'CTO')], api, events)).toEqual({
      ok: false,
      total: 1,
      failed: 1,
      failure: new Error('network'),
    });
  });
});

describe('a replace-all save: skills, roles, languages (the seed: the calls)', () => {
  function fakeTags() {
    const stored: string[] = [];
    const log: string[] = [];
    let fail = new Set<string>();
    return {
      stored,
      log,
      failOn: (calls: string[]) => {
        fail = new Set(calls);
      },
      api: {
        clearAll: async () => {
          log.push('DELETE all');
          if (fail.has('DELETE all')) return failed;
          stored.length = 0;
          return ok(true);
        },
        add: async (name: string) => {
          log.push(`POST ${name}`);
          if (fail.has(`POST ${name}`)) return failed;
          stored.push(name);
          return ok(name.toUpperCase());
        },
      },
    };
  }

  it('stops silently when the clear-all call fails: nothing is posted', async () => {
    const fake = fakeTags();
    fake.failOn(['DELETE all']);
    const outcome = await runTagsSave(['Go', 'Rust'], fake.api);
    expect(outcome).toEqual({ ok: false, added: [], aborted: true, pending: null });
    expect(fake.log).toEqual(['DELETE all']);
  });

  it('retries only the POSTs that failed, then a different list starts over', async () => {
    const fake = fakeTags();
    fake.failOn(['POST Rust']);
    const first = await runTagsSave(['Go', 'Rust', 'SQL'], fake.api);
    expect(first.ok).toBe(false);
    expect(first.pending?.remaining).toEqual(['Rust']);

    fake.failOn([]);
    fake.log.length = 0;
    const retry = await runTagsSave(['Go', 'Rust', 'SQL'], fake.api, first.pending);
    // What the server answered for every value it holds, across both runs.
    expect(retry).toEqual({
      ok: true,
      added: ['GO', 'SQL', 'RUST'],
      aborted: false,
      pending: null,
    });
    expect(fake.log).toEqual(['POST Rust']);
    expect(fake.stored.sort()).toEqual(['Go', 'Rust', 'SQL']);

    fake.log.length = 0;
    await runTagsSave(['Go'], fake.api, first.pending);
    expect(fake.log).toEqual(['DELETE all', 'POST Go']);
    expect(fake.stored).toEqual(['Go']);
  });
});
