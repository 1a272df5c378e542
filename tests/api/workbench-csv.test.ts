import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationNotes, applicationRatings, users } from '@/db/schema';
import { csvCell, csvRow } from '@/lib/csv';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { createTestApi, socketFrom } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { pipelineFixtures, type TKind, type TPosting } from '../helpers/marketplace';
import { createBusiness, createTalent } from '../helpers/users';

// The applicants' export (docs/api.md "The recruiter's workbench"): a CSV of a posting's
// applicants for its team, in the reader's language, that a spreadsheet opens without running
// anything an applicant wrote (docs/security.md "CSV exports").

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
  team = await createTeam(api, { prefix: 'Csv' });
});
afterAll(async () => api.close());

/** The raw answer of the export (the test API's `call` reads JSON). */
async function exportCsv(kind: TKind, id: number, token: string | undefined, query = '') {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const res = await api.app.request(
    `/api/${kind}s/${id}/applications.csv${query}`,
    { headers },
    socketFrom(),
  );
  return { res, status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** RFC 4180 records of a text (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

const TRICKY = {
  name: '=cmd',
  lastName: '@x',
  headline: '-1',
  proposal: 'He said "yes", then left,\nfor good.',
};

/** A project of the team with a tricky applicant, two ratings and three notes, and a plain one. */
async function projectScene() {
  const posting: TPosting = await fx.post('project', team.owner.token, { currency: 'USD' });
  const tricky = await createTalent(api, { name: 'Tricky' });
  await api.db
    .update(users)
    .set({ name: TRICKY.name, lastName: TRICKY.lastName, headline: TRICKY.headline })
    .where(eq(users.id, tricky.id));
  const a = await fx.applyProject(tricky.token, posting.id, {
    proposal: `+1 ${TRICKY.proposal}`,
    price_proposal: 123_450,
    weeks: 3,
  });
  const plain = await createTalent(api, { name: 'Plain' });
  const b = await fx.applyProject(plain.token, posting.id);
  await fx.move('project', team.owner.token, a.id, APPLICATION_STATUS.shortlisted);
  await api.db.insert(applicationRatings).values([
    { kind: 'project', applicationId: a.id, userId: team.owner.id, rating: 4 },
    { kind: 'project', applicationId: a.id, userId: team.admin.id, rating: 5 },
  ]);
  await api.db.insert(applicationNotes).values(
    [1, 2, 3].map((n) => ({
      kind: 'project',
      applicationId: a.id,
      authorId: team.recruiter.id,
      body: `Secret note ${n}`,
    })),
  );
  return { posting, tricky, plain, a, b };
}

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

describe('the CSV writer', () => {
  it('quotes quotes, commas and line breaks, and neutralises what a spreadsheet runs as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=cmd|calc')).toBe(`"'=cmd|calc"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@x')).toBe(`"'@x"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('="a","b"')).toBe(`"'=""a"",""b"""`);
    expect(csvCell(4.5)).toBe('4.5');
    expect(csvCell(null)).toBe('');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('the applicants export', () => {
  it('downloads a project’s applicants in English: BOM, CSV type, attachment name, headers and one row each', async () => {
    const { posting, tricky, plain } = await projectScene();
    const r = await exportCsv('project', posting.id, team.recruiter.token);
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.res.headers.get('content-disposition')).toBe(
      `attachment; filename="applicants-project-${posting.id}.csv"`,
    );
    expect([...r.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = decode(r.bytes).slice(1);
    const [header, first, second, ...rest] = parseCsv(text);
    expect(rest).toEqual([]);
    expect(header).toEqual([
      'Name',
      'Last name',
      'E-mail',
      'Headline',
      'Status',
      'Applied on',
      'Price',
      'Currency',
      'Weeks',
      'Proposal',
      'Rating (average)',
      'Ratings',
      'Notes',
      'In this status since',
    ]);
    const today = api.clock.now.toISOString().slice(0, 10);
    expect(first).toEqual([
      `'${TRICKY.name}`,
      `'${TRICKY.lastName}`,
      tricky.email,
      `'${TRICKY.headline}`,
      'Shortlisted',
      today,
      '1234.50',
      'USD',
      '3',
      `'+1 ${TRICKY.proposal}`,
      '4.5',
      '2',
      '3',
      api.clock.now.toISOString(),
    ]);
    expect(second!.slice(0, 6)).toEqual(['Plain', 'Test', plain.email, '', 'Applied', today]);
    expect(second!.slice(10)).toEqual(['', '0', '0', expect.any(String)]);
    // Notes' bodies never leave the board.
    expect(text).not.toContain('Secret note');
    // Formula-looking cells are quoted with a leading apostrophe, in the file itself.
    expect(text).toContain(`"'=cmd","'@x"`);
    expect(text).toContain(`"'-1"`);
    expect(text).toContain(`"'+1 He said ""yes"", then left,\nfor good."`);
  });

  it('speaks Spanish with ?lang=es: headers and status words', async () => {
    const { posting } = await projectScene();
    const r = await exportCsv('project', posting.id, team.owner.token, '?lang=es');
    expect(r.status).toBe(200);
    const [header, first, second] = parseCsv(decode(r.bytes).slice(1));
    expect(header).toEqual([
      'Nombre',
      'Apellido',
      'Correo electrónico',
      'Titular',
      'Estado',
      'Fecha de postulación',
      'Precio',
      'Moneda',
      'Semanas',
      'Propuesta',
      'Valoración (promedio)',
      'Valoraciones',
      'Notas',
      'En este estado desde',
    ]);
    expect(first![4]).toBe('Preseleccionado');
    expect(second![4]).toBe('Postulado');
  });

  it('exports a job’s applicants with the CV link and the summary', async () => {
    const posting: TPosting = await fx.post('job', team.owner.token);
    const t = await createTalent(api, { name: 'Jobseeker' });
    await api.db
      .update(users)
      .set({ cvUrl: '/api/uploads/cv-of-jobseeker.pdf' })
      .where(eq(users.id, t.id));
    await fx.applyJob(t.token, posting.id, { summary: '@home, "remote" only' });
    for (const [lang, headers] of [
      ['en', ['CV link', 'Summary']],
      ['es', ['Enlace al CV', 'Resumen']],
    ] as const) {
      const r = await exportCsv('job', posting.id, team.admin.token, `?lang=${lang}`);
      expect(r.status).toBe(200);
      expect(r.res.headers.get('content-disposition')).toBe(
        `attachment; filename="applicants-job-${posting.id}.csv"`,
      );
      const [header, row] = parseCsv(decode(r.bytes).slice(1));
      expect(header!.slice(6, 8)).toEqual(headers);
      expect(row!.slice(6, 8)).toEqual([
        'http://app.test/api/uploads/cv-of-jobseeker.pdf',
        `'@home, "remote" only`,
      ]);
    }
  });

  it('exports only what the board’s filters keep, in the board’s order', async () => {
    const { posting } = await projectScene();
    const names = async (query: string) => {
      const r = await exportCsv('project', posting.id, team.owner.token, query);
      expect(r.status).toBe(200);
      return parseCsv(decode(r.bytes).slice(1))
        .slice(1)
        .map((row) => row[0]);
    };
    expect(await names('')).toEqual([`'${TRICKY.name}`, 'Plain']);
    expect(await names('?search=plain')).toEqual(['Plain']);
    expect(await names('?lang=es&search=cmd')).toEqual([`'${TRICKY.name}`]);
    expect(await names('?min_rating=4')).toEqual([`'${TRICKY.name}`]);
    expect(await names('?min_rating=5')).toEqual([]);
    expect(await names('?order=desc')).toEqual(['Plain', `'${TRICKY.name}`]);
    // The file still has its header row when nothing matches.
    const none = await exportCsv('project', posting.id, team.owner.token, '?search=nobody');
    expect(parseCsv(decode(none.bytes).slice(1))).toHaveLength(1);
  });

  it('refuses the filters the board refuses (400, the field named): a job has no price', async () => {
    const job: TPosting = await fx.post('job', team.owner.token);
    const refused = async (kind: TKind, id: number, query: string, path: string) => {
      const r = await exportCsv(kind, id, team.owner.token, query);
      expect(r.status).toBe(400);
      const body = JSON.parse(decode(r.bytes));
      expect(body).toMatchObject({ status: false, code: 'invalid_input' });
      expect(JSON.stringify(body)).toContain(`"${path}"`);
    };
    await refused('job', job.id, '?min_price=100', 'min_price');
    await refused('job', job.id, '?sort=price', 'sort');
    expect((await exportCsv('job', job.id, team.owner.token, '?min_rating=1')).status).toBe(200);
  });

  it('never carries a member’s own rating, only the team’s', async () => {
    const { posting } = await projectScene();
    const r = await exportCsv('project', posting.id, team.owner.token);
    const [header, first] = parseCsv(decode(r.bytes).slice(1));
    expect(header).toHaveLength(14);
    expect(first).toHaveLength(14);
    // The owner rated 4, the admin 5: the file says the average and the count only.
    expect(first!.slice(10, 12)).toEqual(['4.5', '2']);
    expect(decode(r.bytes)).not.toMatch(/mine/i);
  });

  it('is for the team only: 401 signed out, 403 a talent, 404 another company and a missing posting', async () => {
    const { posting } = await projectScene();
    expect((await exportCsv('project', posting.id, undefined)).status).toBe(401);
    expect((await exportCsv('project', posting.id, team.talent.token)).status).toBe(403);
    const outsider = await exportCsv('project', posting.id, team.outsider.token);
    expect(outsider.status).toBe(404);
    expect(JSON.parse(decode(outsider.bytes))).toMatchObject({ status: false, code: 'not_found' });
    expect((await exportCsv('project', 2_000_000_000, team.owner.token)).status).toBe(404);
    expect((await exportCsv('project', 0, team.owner.token)).status).toBe(404);
    const other = await createBusiness(api, { name: 'Other Co' });
    const theirs = await fx.post('job', other.token);
    expect((await exportCsv('job', theirs.id, team.owner.token)).status).toBe(404);
    // The board next to it still answers.
    const board = await fx.board('project', team.recruiter.token, posting.id);
    expect(board.total).toBe(2);
    expect((await exportCsv('project', posting.id, team.owner.token, '?lang=fr')).status).toBe(400);
  });
});
