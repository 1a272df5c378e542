import type { Client } from 'pg';
import { BENCH_PASSWORD_HASH } from './bench-kit';

// The data of `npm run bench:scale` (docs/performance.md "Two instances"), written with
// set-based SQL (generate_series): a million postings take minutes, not hours. Triggers are off
// while it loads (session_replication_role = replica: the profile versions they keep count
// nothing here), and the search indexes are built once at the end rather than row by row.

export type TSeedSize = {
  postings: number;
  talents: number;
  businesses: number;
  applications: number;
  conversations: number;
};

/** What the load needs to know of the data: where each kind of row starts. */
export type TSeeded = {
  talentBase: number;
  bizBase: number;
  projectBase: number;
  projects: number;
  jobBase: number;
  jobs: number;
  /** Applications per project seeded (the talents' offsets 0..perProject-1 are taken). */
  perProject: number;
  applicationBase: number;
  /** The seeded conversations: each one's id and its talent. */
  conversations: { id: number; talentId: number }[];
  seconds: Record<string, number>;
};

/**
 * Titles, summaries, sentences and skills of four fields of work, in English and Spanish (with
 * accents, so the accent-insensitive search is what is measured): each posting draws one title,
 * one summary, three sentences and three skills by its number.
 */
const NAMES = [
  'Logo design',
  'UI design of a web app',
  'Design system in Figma',
  'Diseño de logotipo',
  'Diseño de interfaz para aplicación web',
  'REST API development',
  'Online store development',
  'Database migration',
  'Programación de API REST',
  'Desarrollo de tienda en línea',
  'Sales data analysis',
  'KPI dashboard',
  'Análisis de datos de ventas',
  'Modelo de predicción de demanda',
  'Digital marketing campaign',
  'SEO strategy',
  'Campaña de marketing digital',
  'Gestión de redes sociales',
  'Technical documentation translation',
  'Traducción de documentación técnica',
];
const SUMMARIES = [
  'We need a clean, modern visual identity that works on screen and in print.',
  'Looking for a designer to turn our wireframes into polished screens.',
  'Necesitamos una identidad visual limpia y moderna que funcione en pantalla y en papel.',
  'We are looking for a developer to build and document a new service.',
  'Help us move our legacy application to a modern, tested stack.',
  'Buscamos a alguien para programar y documentar un nuevo servicio.',
  'We have two years of sales data and need clear answers from it.',
  'Tenemos dos años de datos de ventas y necesitamos respuestas claras.',
  'We want more qualified visits to our website within three months.',
  'Queremos más visitas cualificadas a nuestra web en tres meses.',
  'Translate our documentation from English into Spanish, about 40 000 words.',
  'Traduce nuestra documentación del inglés al español, unas 40 000 palabras.',
];
const SENTENCES = [
  'You will deliver the source files in Figma and exports in SVG and PNG.',
  'The design must follow accessibility guidelines (WCAG 2.1 AA).',
  'El diseño debe cumplir las pautas de accesibilidad (WCAG 2.1 AA).',
  'The code must come with automated tests and a short README.',
  'We deploy with Docker on AWS; access will be given on day one.',
  'El código debe incluir pruebas automatizadas y un README breve.',
  'Se valorará experiencia en integración continua y programación funcional.',
  'The data lives in PostgreSQL and a few spreadsheets.',
  'Se requiere experiencia con Python y pandas para el análisis.',
  'You will report the results every two weeks.',
  'Vendemos sobre todo en Latinoamérica y España.',
  'A glossary and a style guide are provided.',
  'Se requiere español nativo o casi nativo.',
  'Two rounds of revisions are included in the budget.',
  'Clean, readable code matters more to us than speed.',
  'Experience with B2B marketing is a plus.',
];
const SKILLS = [
  'Figma',
  'UI Design',
  'Diseño gráfico',
  'TypeScript',
  'React',
  'Node.js',
  'Python',
  'PostgreSQL',
  'SQL',
  'Power BI',
  'Análisis de datos',
  'SEO',
  'Google Ads',
  'Copywriting',
  'Traducción',
  'Translation',
];
const COUNTRIES = ['ES', 'MX', 'AR', 'CO', 'CL', 'PE', 'US', 'GB', 'DE', 'FR'];
const CURRENCIES = ['USD', 'EUR', 'MXN', 'COP'];

/** What the load's searches ask: a word (without its accents) and a skill. */
export const SEARCHES = [
  { search: 'diseno', skill: 'figma' },
  { search: 'programacion', skill: 'typescript' },
  { search: 'analisis', skill: 'python' },
  { search: 'marketing', skill: 'seo' },
  { search: 'design', skill: 'ui design' },
  { search: 'traduccion', skill: 'translation' },
] as const;

const lit = (a: string[]) => `array[${a.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;
/** The i-th (1-based, SQL) element of `a`, chosen by the expression `n` times `prime`. */
const pickSql = (a: string[], n: string, prime: number) =>
  `(${lit(a)})[1 + ((${n}) * ${prime}) % ${a.length}]`;

export async function seedScale(
  client: Client,
  size: TSeedSize,
  log: (s: string) => void,
): Promise<TSeeded> {
  const seconds: Record<string, number> = {};
  const step = async (name: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    const r = await client.query(text, values);
    seconds[name] = (performance.now() - started) / 1000;
    log(`  ${name}: ${r.rowCount ?? 0} rows, ${seconds[name].toFixed(1)} s`);
    return r;
  };
  await client.query('SET session_replication_role = replica');
  await client.query("SET maintenance_work_mem = '256MB'");
  await client.query('DROP INDEX IF EXISTS projects_search_idx, jobs_search_idx');
  const projects = Math.round(size.postings * 0.8);
  const jobs = size.postings - projects;

  await step(
    'talents',
    `insert into users (email, password_hash, is_talent, name, last_name, headline, country_code, lang, email_verified_at, created_at)
     select 'talent' || g || '@scale.test', $1, true, 'Talent', 'N' || g,
            ${pickSql(SKILLS, 'g', 7)} || ' specialist', ${pickSql(COUNTRIES, 'g', 3)},
            case when g % 3 = 0 then 'es' else 'en' end, now(), now() - (g % 900) * interval '1 day'
       from generate_series(1, $2::int) g`,
    [BENCH_PASSWORD_HASH, size.talents],
  );
  await step(
    'businesses',
    `insert into users (email, password_hash, is_talent, name, lang, email_verified_at)
     select 'business' || g || '@scale.test', $1, false, 'Business ' || g, 'en', now()
       from generate_series(1, $2::int) g`,
    [BENCH_PASSWORD_HASH, size.businesses],
  );
  const base = async (q: string) => Number((await client.query<{ n: number }>(q)).rows[0]!.n);
  const talentBase = await base(
    "select min(id)::int as n from users where email like 'talent%@scale.test'",
  );
  const bizBase = await base(
    "select min(id)::int as n from users where email like 'business%@scale.test'",
  );
  await step(
    'companies',
    `insert into companies (slug, name, country_code)
     select 'scale-co-' || g, 'Company ' || g, ${pickSql(COUNTRIES, 'g', 1)} from generate_series(0, $1::int - 1) g`,
    [size.businesses],
  );
  const companyBase = await base(
    "select min(id)::int as n from companies where slug like 'scale-co-%'",
  );
  await step(
    'company members',
    `insert into company_members (company_id, user_id, role)
     select $1::int + g, $2::int + g, 'owner' from generate_series(0, $3::int - 1) g`,
    [companyBase, bizBase, size.businesses],
  );
  // Postings: number g belongs to business g % B; one in ten is finished, the rest recruiting.
  const posting = (n: string) => `
       ${pickSql(NAMES, n, 7)},
       ${pickSql(SUMMARIES, n, 11)},
       ${pickSql(SENTENCES, n, 13)} || ' ' || ${pickSql(SENTENCES, `${n} + 5`, 17)} || ' ' || ${pickSql(SENTENCES, `${n} + 9`, 19)},
       jsonb_build_array(${pickSql(SKILLS, n, 3)}, ${pickSql(SKILLS, `${n} + 4`, 5)}, ${pickSql(SKILLS, `${n} + 11`, 7)}),
       ${pickSql(['remote', 'remote', 'hybrid', 'onsite'], n, 1)},
       case when ${n} % 5 = 0 then null else ${pickSql(COUNTRIES, n, 23)} end,
       ${pickSql(CURRENCIES, n, 29)}`;
  await step(
    'projects',
    `insert into projects (owner_id, company_id, name, summary, description, skills, modality, country_code, currency,
                           budget, weeks, project_status_id, end_date, created_at)
     select $1::int + g % $2::int, $3::int + g % $2::int, ${posting('g')},
            (50 + (g * 37) % 5000) * 100, 1 + g % 20, case when g % 10 = 9 then 3 else 1 end,
            case when g % 4 = 0 then current_date + (g % 90) else null end,
            now() - (g % 720) * interval '1 hour' - (g % 60) * interval '1 minute'
       from generate_series(0, $4::int - 1) g`,
    [bizBase, size.businesses, companyBase, projects],
  );
  await step(
    'jobs',
    `insert into jobs (owner_id, company_id, name, summary, description, skills, modality, country_code, currency,
                       contract_type, min_salary, max_salary, job_status_id, created_at)
     select $1::int + g % $2::int, $3::int + g % $2::int, ${posting('g + 3')},
            ${pickSql(['full_time', 'part_time', 'freelance'], 'g', 1)},
            (1000 + (g * 37) % 4000) * 100, (5000 + (g * 37) % 4000) * 100,
            case when g % 10 = 9 then 3 else 1 end,
            now() - (g % 720) * interval '1 hour'
       from generate_series(0, $4::int - 1) g`,
    [bizBase, size.businesses, companyBase, jobs],
  );
  const projectBase = await base('select min(id)::int as n from projects');
  const jobBase = await base('select min(id)::int as n from jobs');
  // Applications: number a goes to project a % P, from talent (a / P + 13 × project) % T, so
  // that each (project, talent) pair is unique; the load applies with offsets past these.
  const perProject = Math.ceil(size.applications / projects);
  await step(
    'applications',
    `insert into project_applications (project_id, user_id, proposal, price_proposal, weeks, accepted, created_at)
     select $1::int + a % $2::int, $3::int + ((a / $2::int) + 13 * (a % $2::int)) % $4::int,
            ${pickSql(SENTENCES, 'a', 7)} || ' ' || ${pickSql(SENTENCES, 'a + 3', 11)},
            (50 + (a * 31) % 5000) * 100, 1 + a % 12,
            case when a % 10 < 7 then 0 when a % 10 < 9 then 1 else 3 end,
            now() - (a % 500) * interval '1 hour'
       from generate_series(0, $5::int - 1) a`,
    [projectBase, projects, talentBase, size.talents, size.applications],
  );
  await step(
    'conversations',
    `insert into conversations (kind, application_id, posting_id, talent_id, company_id, last_activity_at)
     select 'project', pa.id, pa.project_id, pa.user_id, p.company_id, pa.created_at
       from project_applications pa join projects p on p.id = pa.project_id
      where pa.accepted = 1 order by pa.id limit $1`,
    [size.conversations],
  );
  await step(
    'messages',
    `insert into conversation_messages (conversation_id, author_id, body, created_at)
     select c.id, case when k = 0 then c.talent_id else null end, ${pickSql(SENTENCES, 'c.id + k', 7)},
            c.last_activity_at + k * interval '1 minute'
       from conversations c, generate_series(0, 2) k`,
  );
  await client.query('SET session_replication_role = origin');
  await step(
    'search index, projects',
    'CREATE INDEX projects_search_idx ON projects USING gin (search_terms)',
  );
  await step('search index, jobs', 'CREATE INDEX jobs_search_idx ON jobs USING gin (search_terms)');
  await step('analyze', 'ANALYZE');
  const conv = await client.query<{ id: number; talent_id: number }>(
    'select id, talent_id from conversations order by id',
  );
  const applicationBase = await base('select min(id)::int as n from project_applications');
  return {
    talentBase,
    bizBase,
    projectBase,
    projects,
    jobBase,
    jobs,
    perProject,
    applicationBase,
    conversations: conv.rows.map((r) => ({ id: r.id, talentId: r.talent_id })),
    seconds,
  };
}
