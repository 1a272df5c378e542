import { describe, expect, it } from 'vitest';
import { profileCompleteness } from '@/lib/profile/completeness';
import {
  authSlice,
  loggedIn,
  studyCentreDeleted,
  studyCentreSaved,
  userRefreshed,
  workplaceDeleted,
  workplaceSaved,
} from '@/store/auth-slice';
import {
  educationAdded,
  educationCreated,
  experienceAdded,
  experiencesSaved,
  profileSlice,
} from '@/store/profile-slice';
import { makeUser } from '../helpers/fixtures';

const auth = authSlice.reducer;
const profile = profileSlice.reducer;

describe('the user copy follows each saved call', () => {
  it('upserts and deletes workplaces and study centres by id', () => {
    const user = makeUser();
    let s = auth(undefined, loggedIn({ user, accessToken: 'token' }));
    const changed = { ...user.workplaces[0]!, position: 'Lead' };
    s = auth(s, workplaceSaved(changed));
    s = auth(s, workplaceSaved({ ...changed, id: 50, position: 'CTO' }));
    expect(s.user!.workplaces.map((w) => [w.id, w.position])).toEqual([
      [1, 'Lead'],
      [50, 'CTO'],
    ]);
    s = auth(s, workplaceDeleted({ id: 1 }));
    expect(s.user!.workplaces.map((w) => w.id)).toEqual([50]);
    s = auth(s, studyCentreSaved({ ...user.study_centres[0]!, id: 9 }));
    s = auth(s, studyCentreDeleted({ id: 3 }));
    expect(s.user!.study_centres.map((e) => e.id)).toEqual([9]);
  });
});

describe('unsaved list edits survive a refresh of the user', () => {
  const draft = {
    id: 'new-1',
    workplace_name: 'W',
    position: 'Dev',
    start_date: '2020-01-01',
    end_date: null,
    description: null,
    work_here: true,
    enable_business: false,
  };

  it('keeps an edited list on userRefreshed and reloads it once saved', () => {
    const user = makeUser();
    let s = profile(undefined, loggedIn({ user, accessToken: 'token' }));
    s = profile(s, experienceAdded(draft));
    const fresh = makeUser({ skills: [{ name: 'Go' }], workplaces: [] });
    s = profile(s, userRefreshed(fresh));
    expect(s.experiences.map((e) => e.id)).toEqual([1, 'new-1']);
    expect(s.skillsUser).toEqual([{ name: 'Go' }]);
    s = profile(profile(s, experiencesSaved(fresh.workplaces)), userRefreshed(fresh));
    expect(s.experiences).toEqual([]);
  });

  it('gives a created draft its server id', () => {
    let s = profile(
      undefined,
      loggedIn({ user: makeUser({ study_centres: [] }), accessToken: 'token' }),
    );
    const entry = {
      id: 'new-2',
      name: 'UNI',
      course_name: 'CS',
      start_date: '2015-01-01',
      end_date: null,
      studying_here: true,
      description: null,
    };
    s = profile(s, educationAdded(entry));
    s = profile(
      s,
      educationCreated({ tempId: 'new-2', item: { ...entry, id: 77, verify_status_id: 1 } }),
    );
    expect(s.educations.map((e) => e.id)).toEqual([77]);
  });
});

describe('profile completeness', () => {
  it('counts each part the same and lists what is missing with its section', () => {
    const empty = makeUser({
      headline: null,
      city: null,
      workplaces: [],
      study_centres: [],
      skills: [],
    });
    const result = profileCompleteness(empty);
    expect(result.percent).toBe(0);
    expect(result.missing.map((m) => m.key)).toEqual([
      'avatar',
      'headline',
      'about',
      'location',
      'links',
      'cv',
      'experiences',
      'educations',
      'skills',
      'roles',
      'languages',
    ]);
    expect(result.missing.find((m) => m.key === 'cv')?.section).toBe('professional');
    const full = profileCompleteness(
      makeUser({
        avatar_url: '/api/uploads/a.png',
        about: 'Hi',
        cv_url: '/api/uploads/b.pdf',
        links: { github: 'https://github.com/ana' },
        skills: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
        roles_interest: [{ name: 'Backend' }],
        languages: [{ id: 1, code: 'es', name: 'Spanish' }],
      }),
    );
    expect(full).toMatchObject({ percent: 100, missing: [] });
  });
});
