import { describe, expect, it } from 'vitest';
import {
  authSlice,
  becameBusiness,
  personUpdated,
  sessionUserOf,
  loggedIn,
  loggedOut,
  notificationClicked,
  notificationReceived,
  STORED_NOTIFICATIONS,
  userRefreshed,
  walletUpdated,
} from '@/store/auth-slice';
import {
  educationAdded,
  educationEdited,
  educationRemoved,
  educationsCleared,
  educationsLoaded,
  experienceAdded,
  experienceEdited,
  experienceRemoved,
  experiencesCleared,
  experiencesLoaded,
  profileSlice,
  skillsLoaded,
} from '@/store/profile-slice';
import { makeStore } from '@/store';
import { makeUser } from '../helpers/fixtures';

const auth = authSlice.reducer;
const profile = profileSlice.reducer;

describe('auth slice (the seed: entities and fields, states and transitions)', () => {
  it('login sets isLoggedIn and the user; logout clears both', () => {
    const user = makeUser();
    const inState = auth(undefined, loggedIn({ user, accessToken: 'token' }));
    // docs/product.md "Entities and fields": the stored user is its seed fields (and id, e-mail, language, the photo the header
    // shows, whether the header links the console); never the token.
    expect(inState).toEqual({ isLoggedIn: true, user: sessionUserOf(user) });
    expect(Object.keys(inState.user!).sort()).toEqual([
      'algo_address',
      'avatar_url',
      'email',
      'id',
      'is_operator',
      'is_talent',
      'jobs',
      'lang',
      'near_wallet',
      'notifications',
      'paypal_email',
      'person',
      'projects',
      'skills',
      'study_centres',
      'workplaces',
    ]);
    expect(JSON.stringify(inState)).not.toContain('token');
    expect(auth(inState, loggedOut())).toEqual({ isLoggedIn: false, user: null });
  });

  it('personal info updates person name, last_name, phone', () => {
    const s = auth(
      auth(undefined, loggedIn({ user: makeUser(), accessToken: 'token' })),
      personUpdated({ name: 'Ana María', phone: null }),
    );
    expect(s.user?.person).toEqual({ name: 'Ana María', last_name: 'Quispe', phone: null });
  });

  it('deleting a wallet sets its field to null', () => {
    const s1 = auth(
      undefined,
      loggedIn({ user: makeUser({ near_wallet: 'ana.near' }), accessToken: 'token' }),
    );
    expect(auth(s1, walletUpdated({ near_wallet: null })).user?.near_wallet).toBeNull();
  });

  it('a saved workplace with enable_business makes the user a business', () => {
    const s = auth(
      auth(undefined, loggedIn({ user: makeUser(), accessToken: 'token' })),
      becameBusiness(),
    );
    expect(s.user?.is_talent).toBe(false);
  });

  it('new notifications go to the front; reading one sets been_clicked', () => {
    const n = (id: number) => ({
      id,
      type: 't',
      message: 'm',
      message_es: 'm',
      link: null,
      been_clicked: false,
      created_at: '',
    });
    let s = auth(
      undefined,
      loggedIn({ user: makeUser({ notifications: [n(1)] }), accessToken: 'token' }),
    );
    s = auth(s, notificationReceived(n(2)));
    expect(s.user?.notifications.map((x) => x.id)).toEqual([2, 1]);
    s = auth(s, notificationClicked({ id: 1 }));
    expect(s.user?.notifications.find((x) => x.id === 1)?.been_clicked).toBe(true);
    // The same one twice (the stream and a poll) is kept once.
    s = auth(s, notificationReceived(n(2)));
    expect(s.user?.notifications.map((x) => x.id)).toEqual([2, 1]);
    // One replaced by a newer status change (a newer time) comes to the front with its new text.
    s = auth(s, notificationReceived({ ...n(1), message: 'newer', created_at: 'later' }));
    expect(s.user?.notifications.map((x) => [x.id, x.message, x.been_clicked])).toEqual([
      [1, 'newer', false],
      [2, 'm', false],
    ]);
    // The stored user keeps the newest STORED_NOTIFICATIONS, as the login answer does.
    for (let id = 3; id < 3 + STORED_NOTIFICATIONS; id++) s = auth(s, notificationReceived(n(id)));
    expect(s.user?.notifications).toHaveLength(STORED_NOTIFICATIONS);
    expect(s.user?.notifications[0]!.id).toBe(2 + STORED_NOTIFICATIONS);
  });

  it('ignores a refreshed user after logout', () => {
    expect(auth(undefined, userRefreshed(makeUser())).user).toBeNull();
  });
});

describe('profile slice (the seed: states and transitions list actions)', () => {
  const exp = (id: number | string, position = 'Dev') => ({
    id,
    workplace_name: 'W',
    position,
    start_date: '2020-01-01',
    end_date: null,
    description: null,
    work_here: true,
    enable_business: false,
  });

  it('experiences: load, add, edit by id, remove by id, remove all', () => {
    let s = profile(undefined, experiencesLoaded([exp(1), exp(2)]));
    s = profile(s, experienceAdded(exp('new-1')));
    s = profile(s, experienceEdited({ id: 2, changes: { position: 'Lead', id: 99 } as never }));
    expect(s.experiences.find((e) => e.id === 2)?.position).toBe('Lead');
    expect(s.experiences.some((e) => e.id === 99)).toBe(false);
    s = profile(s, experienceRemoved(1));
    expect(s.experiences.map((e) => e.id)).toEqual([2, 'new-1']);
    expect(profile(s, experiencesCleared()).experiences).toEqual([]);
  });

  it('educations: load, add, edit by id, remove by id, remove all', () => {
    const edu = (id: number | string) => ({
      id,
      name: 'UNI',
      course_name: 'CS',
      start_date: '2015-01-01',
      end_date: null,
      studying_here: true,
      description: null,
    });
    let s = profile(undefined, educationsLoaded([edu(1)]));
    s = profile(s, educationAdded(edu('new-2')));
    s = profile(s, educationEdited({ id: 'new-2', changes: { course_name: 'Maths' } }));
    expect(s.educations[1]?.course_name).toBe('Maths');
    s = profile(s, educationRemoved(1));
    expect(s.educations.map((e) => e.id)).toEqual(['new-2']);
    expect(profile(s, educationsCleared()).educations).toEqual([]);
  });

  it('skills can only be loaded', () => {
    expect(profile(undefined, skillsLoaded([{ name: 'Go' }])).skillsUser).toEqual([{ name: 'Go' }]);
    expect(Object.keys(profileSlice.actions).filter((a) => a.startsWith('skill'))).toEqual([
      'skillsLoaded',
    ]);
  });

  it('reloads the lists from the user whenever the user changes, and empties them on logout', () => {
    const user = makeUser();
    let s = profile(
      profile(undefined, experienceAdded(exp('draft'))),
      loggedIn({ user, accessToken: 'token' }),
    );
    expect(s).toEqual({
      experiences: user.workplaces,
      educations: user.study_centres,
      skillsUser: user.skills,
      unsaved: { experiences: false, educations: false },
    });
    const changed = makeUser({ skills: [{ name: 'Rust' }] });
    s = profile(s, userRefreshed(changed));
    expect(s.skillsUser).toEqual([{ name: 'Rust' }]);
    expect(profile(s, loggedOut())).toEqual({
      experiences: [],
      educations: [],
      skillsUser: [],
      unsaved: { experiences: false, educations: false },
    });
  });
});

describe('makeStore', () => {
  it('empties the server-data cache when the account signs out or another signs in', async () => {
    const { api } = await import('@/services/api');
    const probeApi = api.injectEndpoints({
      endpoints: (b) => ({
        probe: b.query<string, number>({ queryFn: (n) => ({ data: `#${n}` }) }),
      }),
    });
    const { store } = makeStore();
    const queries = () =>
      Object.keys((store.getState() as unknown as { api: { queries: object } }).api.queries);
    const load = () => store.dispatch(probeApi.endpoints.probe.initiate(1));
    store.dispatch(loggedIn({ user: makeUser({ id: 7 }), accessToken: 'a' }));
    await load();
    expect(queries()).toHaveLength(1);
    // The same account again (a new token): the cache stays.
    store.dispatch(loggedIn({ user: makeUser({ id: 7 }), accessToken: 'b' }));
    expect(queries()).toHaveLength(1);
    // Another account: emptied.
    store.dispatch(loggedIn({ user: makeUser({ id: 8 }), accessToken: 'c' }));
    expect(queries()).toEqual([]);
    await load();
    store.dispatch(loggedOut());
    expect(queries()).toEqual([]);
  });

  it('makes a new store per call, so server renders never share state', () => {
    const a = makeStore().store;
    const b = makeStore().store;
    a.dispatch(loggedIn({ user: makeUser(), accessToken: 'token' }));
    expect(b.getState().auth.isLoggedIn).toBe(false);
  });

  it('does not persist on the server (no window)', () => {
    expect(makeStore().persistor).toBeNull();
  });
});
