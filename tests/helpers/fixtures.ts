import type { TUser } from '@/types/user';

/** A signed-in user as the API answers it, for client-side tests. */
export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 7,
    email: 'ana@example.com',
    is_talent: true,
    person: { name: 'Ana', last_name: 'Quispe', phone: '+51 999 888 777' },
    headline: 'Full-stack developer',
    about: null,
    country_code: 'PE',
    city: 'Lima',
    avatar_url: null,
    cv_url: null,
    links: {},
    workplaces: [
      {
        id: 1,
        workplace_name: 'Andes Labs',
        position: 'Developer',
        start_date: '2021-03-01',
        end_date: null,
        description: null,
        work_here: true,
        enable_business: false,
        verify_status_id: 1,
      },
    ],
    study_centres: [
      {
        id: 3,
        name: 'UNI',
        course_name: 'Systems engineering',
        start_date: '2015-03-01',
        end_date: '2020-12-15',
        studying_here: false,
        description: null,
        verify_status_id: 1,
      },
    ],
    skills: [{ name: 'TypeScript' }, { name: 'React' }],
    roles_interest: [],
    languages: [],
    projects: [],
    jobs: [],
    notifications: [],
    algo_address: null,
    near_wallet: null,
    paypal_email: null,
    lang: 'en',
    ...overrides,
  };
}
