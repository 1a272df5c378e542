import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApplicantCard } from '@/components/marketplace/board/applicant-card';
import type { TBoardApplication } from '@/types/pipeline';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// The board's status history names who moved each applicant (docs/product.md "Companies and
// teams (screens)"): "you", the talent, or the member of the company the server names as actor.

const ME = 7;
const OWNER = 1;
const TALENT = 50;

const application = {
  id: 40,
  user_id: TALENT,
  project_id: 5,
  proposal: 'I can do it.',
  price_proposal: 100000,
  weeks: 2,
  accepted: 3,
  shown_accepted_message: false,
  ready_to_close: false,
  reason: 'Not this time',
  algorand_transaction: null,
  near_transaction: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  project: { id: 5, name: 'Web shop', project_status_id: 1, currency: 'USD' },
  talent: { id: TALENT, name: 'Juan', last_name: 'Pérez', headline: null, avatar_url: null },
  history: [
    {
      from: 0,
      to: 1,
      reason: null,
      actor_id: 8,
      actor: { id: 8, name: 'Lucía', last_name: 'Martín' },
      created_at: '2026-11-21T10:00:00.000Z',
    },
    {
      from: 1,
      to: 0,
      reason: null,
      actor_id: ME,
      actor: { id: ME, name: 'Ana', last_name: 'Quispe' },
      created_at: '2026-11-21T11:00:00.000Z',
    },
    {
      from: 0,
      to: 3,
      reason: 'Not this time',
      actor_id: 9,
      actor: null,
      created_at: '2026-11-22T10:00:00.000Z',
    },
  ],
} as unknown as TBoardApplication;

async function renderHistory(locale: 'en' | 'es') {
  const user = userEvent.setup();
  await renderWithApp(
    <ApplicantCard
      application={application}
      currency="USD"
      ownerId={OWNER}
      canMove={false}
      onMove={() => undefined}
    />,
    { locale, session: { user: makeUser({ id: ME, is_talent: false }), accessToken: 'token' } },
  );
  await user.click(screen.getByText(locale === 'en' ? /Status history/ : /Historial de estados/));
  return screen.getAllByRole('listitem').filter((li) => li.closest('details'));
}

describe('the status history on the board', () => {
  it('names the member who moved the applicant, and says "you" for the signed-in member', async () => {
    const entries = await renderHistory('en');
    expect(entries[0]).toHaveTextContent(/Applied → Shortlisted\s*By Lucía Martín,/);
    expect(entries[1]).toHaveTextContent(/Shortlisted → Applied\s*By you,/);
    // No actor named (an older entry): a dash, never a guess.
    expect(entries[2]).toHaveTextContent(/Applied → Rejected\s*By —,/);
  });

  it('names them in Spanish', async () => {
    const entries = await renderHistory('es');
    expect(entries[0]).toHaveTextContent(/Postulado → Preseleccionado\s*Por Lucía Martín,/);
    expect(entries[1]).toHaveTextContent(/Preseleccionado → Postulado\s*Por ti,/);
  });
});
