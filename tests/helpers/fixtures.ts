import type { TProject } from '@/types/marketplace';
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

/** A recruiting project of Andes Labs as the API answers it, for client-side tests. */
export function makeProject(overrides: Partial<TProject> = {}): TProject {
  return {
    id: 3,
    name: 'Logo',
    summary: 'A logo',
    description: 'Vector files',
    skills: [],
    currency: 'USD',
    modality: 'remote',
    country_code: null,
    end_date: null,
    owner: { id: 1, name: 'María Torres', company: 'Andes Labs' },
    company: { id: 7, slug: 'andes-labs', name: 'Andes Labs' },
    applications_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    accepting: true,
    deadline_passed: false,
    budget: 100_000,
    weeks: 2,
    project_status_id: 1,
    ...overrides,
  } as TProject;
}
