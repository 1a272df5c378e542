import { ToastContainer } from 'react-toastify';
import ApplicantBoard from '@/components/marketplace/board/applicant-board';
import type { TProject } from '@/types/marketplace';
import type { TBoardApplication } from '@/types/pipeline';
import { fakeApi, ok } from './fake-api';
import { makeUser } from './fixtures';
import { renderWithApp } from './render';

// The applicant board of one project against answers the test gives (./fake-api.ts): the
// board's read, the memberships, and whatever the test routes besides.

export const ACME = { id: 3, slug: 'acme', name: 'Acme' };

export const boardProject = {
  id: 5,
  name: 'Web shop',
  summary: 'A shop',
  description: 'A web shop.',
  skills: ['React'],
  currency: 'USD',
  modality: 'remote',
  country_code: null,
  end_date: null,
  owner: { id: 1, name: 'María', company: 'Acme' },
  company: ACME,
  applications_count: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  accepting: true,
  budget: 100000,
  weeks: 3,
  project_status_id: 1,
} as TProject;

let nextTalent = 100;

/** A project application on the board, in `status` (0–4). */
export function applicant(id: number, name: string, lastName: string, status = 0) {
  const talent = nextTalent++;
  return {
    id,
    user_id: talent,
    project_id: boardProject.id,
    proposal: `${name}'s proposal.`,
    price_proposal: 90000,
    weeks: 2,
    accepted: status,
    shown_accepted_message: false,
    ready_to_close: false,
    reason: null,
    algorand_transaction: null,
    near_transaction: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    project: {
      id: boardProject.id,
      name: boardProject.name,
      project_status_id: 1,
      currency: 'USD',
    },
    talent: { id: talent, name, last_name: lastName, headline: null, avatar_url: null },
    history: [],
    rating: { average: null, count: 0 },
    notes_count: 0,
    stage_since: '2026-11-20T10:00:00.000Z',
  } as unknown as TBoardApplication;
}

/** Routes the board's read to these applications (and the owner's membership). */
export function serveBoard(applications: TBoardApplication[]) {
  const counts = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const a of applications) counts[(a as { accepted: 0 | 1 | 2 | 3 | 4 }).accepted] += 1;
  fakeApi.on('GET', `/projects/${boardProject.id}/applications`, () =>
    ok({
      data: applications,
      total: applications.length,
      page: 1,
      per_page: 20,
      last_page: 1,
      counts,
    }),
  );
  fakeApi.on('GET', '/me/companies', ok([{ company: { ...ACME, logo_url: null }, role: 'owner' }]));
}

export const businessSession = {
  user: makeUser({ id: 1, is_talent: false }),
  accessToken: 'token',
};

export function renderBoard(locale: 'en' | 'es' = 'en', { narrow }: { narrow?: boolean } = {}) {
  return renderWithApp(
    <>
      <ApplicantBoard kind="project" posting={boardProject} narrow={narrow} />
      <ToastContainer />
    </>,
    { locale, session: businessSession },
  );
}
