// `npm run bench:search`: the search's latency budget (docs/api.md "Search"). Seeds a fresh
// database (PGlite in a temporary data directory, or a new database on the PostgreSQL server named
// by DATABASE_URL) with 10 000 projects, 2 000 jobs and their owners and applicants, serves the
// API in this process on 127.0.0.1, and measures `GET /api/projects` with a search word and two
// filters, first from one client and then from 20 at once. Budgets: one client p99 ≤ 50 ms on
// PGlite, 20 clients p99 ≤ 150 ms on PostgreSQL; the other figure is printed for information.
//
//   npm run bench:search                                  # PGlite, 10 s a run, 10 000 projects
//   BENCH_SECONDS=2 BENCH_POSTINGS=2000 npm run bench:search          # the compact form (CI)
//   npm run bench:search -- --seconds 2 --postings 2000               # the same, as flags
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:search
//   BENCH_EXPLAIN=1 npm run bench:search        # and EXPLAIN ANALYZE of what the server runs
//
// The data is the same for the same BENCH_SEED (default 1), but ANALYZE samples rows, so the
// planner's choice can change from run to run: one line per query says how `projects` was read.
// The load generator runs in a worker thread; other work on the machine skews the figures, so the
// load average is printed. Exits 1 when a budget that applies fails or any answer is not 2xx, 2 when it could not run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type TResult } from 'autocannon';
import { sql } from 'drizzle-orm';
import { createCompany } from '@/db/companies';
import { jobs, projectApplications, users, userWorkplaces } from '@/db/schema';
import type { Db, DbHandle } from '@/db/types';
import { currencyDigits } from '@/lib/currencies';
import {
  BENCH_PASSWORD_HASH,
  cleanUpAll,
  collectServerErrors,
  DAY,
  inBatches,
  insertProjects,
  isoDate,
  LATENCY_HEADER,
  latencyRow,
  loadAverage,
  ms,
  openBenchDb,
  randomSource,
  runSize,
  serveApi,
  wholeSetting,
} from './lib/bench-kit';

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string' },
    postings: { type: 'string' },
    seed: { type: 'string' },
  },
  strict: true,
});

const { seconds: SECONDS, postings: POSTINGS } = runSize(flags);
const SEED = wholeSetting('BENCH_SEED', flags.seed ?? process.env.BENCH_SEED, 1, 0);
const JOB_COUNT = Math.max(20, Math.round(POSTINGS / 5));
const BUSINESSES = 40;
const TALENTS = 300;
const BATCH = 500;
const WARMUP_REQUESTS = 200;
/** BENCH_EXPLAIN=1: also print EXPLAIN ANALYZE of the statement the server runs for each query. */
const EXPLAIN = ['1', 'true'].includes(process.env.BENCH_EXPLAIN ?? '');

const BUDGETS = {
  pglite: { connections: 1, p99: 50 },
  postgres: { connections: 20, p99: 150 },
} as const;

/**
 * What the clients ask, in turn: one search word (written without its accents, so the
 * accent-insensitive path is the one measured) and a skill (in any case), always with
 * modality=remote. Each word matches a realistic share of the postings.
 */
const QUERIES = [
  { search: 'diseno', skill: 'figma', accented: 'diseñ' },
  { search: 'programacion', skill: 'typescript', accented: 'programació' },
  { search: 'analisis', skill: 'Python', accented: 'análisis' },
  { search: 'marketing', skill: 'seo', accented: null },
] as const;

const queryPath = (q: (typeof QUERIES)[number]) =>
  `/api/projects?search=${encodeURIComponent(q.search)}&modality=remote&skill=${encodeURIComponent(q.skill)}`;

// ---------------------------------------------------------------------------------------------
// Postings that read like real ones, in English and Spanish
// ---------------------------------------------------------------------------------------------

/** The same data for the same BENCH_SEED, so runs compare. */
const { next: rand, int, pick, weighted, sample } = randomSource(SEED);

type TLangText = { names: string[]; summaries: string[]; sentences: string[] };
type TDomain = { skills: string[]; en: TLangText; es: TLangText };

/** Seven fields of work; 45 skills in all, some of them Spanish with accents. */
const DOMAINS: TDomain[] = [
  {
    skills: [
      'Figma',
      'Figma',
      'Adobe Illustrator',
      'Photoshop',
      'UI Design',
      'UX Research',
      'Branding',
      'Diseño gráfico',
    ],
    en: {
      names: [
        'Logo design',
        'UI design of a web app',
        'Landing page design',
        'Brand identity design',
        'Packaging design',
        'Design system in Figma',
      ],
      summaries: [
        'We need a clean, modern visual identity that works on screen and in print.',
        'Looking for a designer to turn our wireframes into polished screens.',
        'A complete redesign of our brand, from the logo to the social media templates.',
      ],
      sentences: [
        'You will deliver the source files in Figma and exports in SVG and PNG.',
        'We already have a moodboard and a few references we like.',
        'The design must follow accessibility guidelines (WCAG 2.1 AA).',
        'Two rounds of revisions are included in the budget.',
        'Experience with design systems and component libraries is a plus.',
        'Please share a portfolio with similar work.',
      ],
    },
    es: {
      names: [
        'Diseño de logotipo',
        'Diseño de interfaz para aplicación web',
        'Diseño de página de aterrizaje',
        'Diseño de identidad de marca',
        'Rediseño de empaque',
        'Sistema de diseño en Figma',
      ],
      summaries: [
        'Necesitamos una identidad visual limpia y moderna que funcione en pantalla y en papel.',
        'Buscamos diseñador o diseñadora para convertir nuestros bocetos en pantallas finales.',
        'Un rediseño completo de la marca, del logotipo a las plantillas para redes sociales.',
      ],
      sentences: [
        'Entregarás los archivos fuente en Figma y exportaciones en SVG y PNG.',
        'Ya tenemos un tablero de inspiración y algunas referencias que nos gustan.',
        'El diseño debe cumplir las pautas de accesibilidad (WCAG 2.1 AA).',
        'El presupuesto incluye dos rondas de revisiones.',
        'Se valorará experiencia con sistemas de diseño y bibliotecas de componentes.',
        'Comparte un portafolio con trabajos parecidos, por favor.',
      ],
    },
  },
  {
    skills: [
      'TypeScript',
      'TypeScript',
      'JavaScript',
      'React',
      'Node.js',
      'Python',
      'Go',
      'PostgreSQL',
      'Docker',
      'AWS',
      'Next.js',
    ],
    en: {
      names: [
        'REST API development',
        'Online store development',
        'Database migration',
        'Admin dashboard',
        'Payment gateway integration',
        'Backend performance tuning',
      ],
      summaries: [
        'We are looking for a developer to build and document a new service.',
        'Help us move our legacy application to a modern, tested stack.',
        'A small team needs an extra pair of hands to ship the next release.',
      ],
      sentences: [
        'The code must come with automated tests and a short README.',
        'We deploy with Docker on AWS; access will be given on day one.',
        'You will join a weekly call with the product owner.',
        'The project includes the design of the database schema.',
        'Clean, readable code matters more to us than speed.',
        'Knowledge of continuous integration is appreciated.',
      ],
    },
    es: {
      names: [
        'Programación de API REST',
        'Desarrollo de tienda en línea',
        'Migración de base de datos',
        'Programación de panel de administración',
        'Integración de pasarela de pagos',
        'Optimización del backend',
      ],
      summaries: [
        'Buscamos a alguien para programar y documentar un nuevo servicio.',
        'Ayúdanos a llevar nuestra aplicación heredada a una tecnología moderna y con pruebas.',
        'Un equipo pequeño necesita apoyo en programación para la próxima versión.',
      ],
      sentences: [
        'El código debe incluir pruebas automatizadas y un README breve.',
        'Desplegamos con Docker en AWS; tendrás acceso desde el primer día.',
        'Habrá una reunión semanal con la persona responsable del producto.',
        'El proyecto incluye el diseño del esquema de la base de datos.',
        'Nos importa más un código limpio y legible que la rapidez.',
        'Se valorará experiencia en integración continua y programación funcional.',
      ],
    },
  },
  {
    skills: [
      'SQL',
      'Python',
      'Python',
      'Power BI',
      'Tableau',
      'Machine Learning',
      'Excel',
      'Análisis de datos',
      'pandas',
    ],
    en: {
      names: [
        'Sales data analysis',
        'Market research report',
        'KPI dashboard',
        'Demand forecasting model',
        'Web analytics audit',
        'Customer churn analysis',
      ],
      summaries: [
        'We have two years of sales data and need clear answers from it.',
        'Build a dashboard our managers can read in five minutes.',
        'Looking for an analyst to clean our data and find what drives revenue.',
      ],
      sentences: [
        'The data lives in PostgreSQL and a few spreadsheets.',
        'We expect a written report with charts and recommendations.',
        'Experience with Python and pandas is required.',
        'The model should be easy to retrain every month.',
        'All data is anonymised before you receive it.',
        'A short presentation of the results closes the project.',
      ],
    },
    es: {
      names: [
        'Análisis de datos de ventas',
        'Análisis de mercado',
        'Tablero de indicadores',
        'Modelo de predicción de demanda',
        'Auditoría de analítica web',
        'Análisis de abandono de clientes',
      ],
      summaries: [
        'Tenemos dos años de datos de ventas y necesitamos respuestas claras.',
        'Crea un tablero que la dirección pueda leer en cinco minutos.',
        'Buscamos analista para limpiar los datos y encontrar qué impulsa los ingresos.',
      ],
      sentences: [
        'Los datos están en PostgreSQL y en algunas hojas de cálculo.',
        'Esperamos un informe escrito con gráficos y recomendaciones.',
        'Se requiere experiencia con Python y pandas para el análisis.',
        'El modelo debe poder reentrenarse cada mes con facilidad.',
        'Todos los datos se anonimizan antes de entregártelos.',
        'El proyecto termina con una breve presentación de los resultados.',
      ],
    },
  },
  {
    skills: ['SEO', 'SEO', 'Google Ads', 'Copywriting', 'Social Media', 'Email Marketing'],
    en: {
      names: [
        'Digital marketing campaign',
        'SEO strategy',
        'Social media management',
        'Google Ads campaign',
        'Content plan',
        'Email marketing automation',
      ],
      summaries: [
        'We want more qualified visits to our website within three months.',
        'Plan and run our marketing for the product launch.',
        'Looking for someone to manage our social media and measure results.',
      ],
      sentences: [
        'You will report the results every two weeks.',
        'The monthly advertising budget is paid separately.',
        'We sell mostly in Latin America and Spain.',
        'Experience with B2B marketing is a plus.',
        'A keyword study is the first deliverable.',
        'Tone of voice: friendly, clear and professional.',
      ],
    },
    es: {
      names: [
        'Campaña de marketing digital',
        'Estrategia SEO',
        'Gestión de redes sociales',
        'Campaña de Google Ads',
        'Plan de contenidos',
        'Automatización de email marketing',
      ],
      summaries: [
        'Queremos más visitas cualificadas a nuestra web en tres meses.',
        'Planifica y ejecuta nuestro marketing para el lanzamiento del producto.',
        'Buscamos a alguien que gestione nuestras redes sociales y mida los resultados.',
      ],
      sentences: [
        'Informarás de los resultados cada dos semanas.',
        'El presupuesto mensual de publicidad se paga aparte.',
        'Vendemos sobre todo en Latinoamérica y España.',
        'Se valorará experiencia en marketing B2B.',
        'El primer entregable es un estudio de palabras clave.',
        'Tono de comunicación: cercano, claro y profesional.',
      ],
    },
  },
  {
    skills: ['Translation', 'Traducción', 'Proofreading', 'Localization', 'Copywriting'],
    en: {
      names: [
        'Technical documentation translation',
        'Blog articles',
        'App localization',
        'Proofreading of a book',
        'Video subtitles',
        'Website copy',
      ],
      summaries: [
        'Translate our documentation from English into Spanish, about 40 000 words.',
        'We need engaging articles about technology for our blog.',
        'Localize our mobile app into Spanish and Portuguese.',
      ],
      sentences: [
        'A glossary and a style guide are provided.',
        'Native or near-native Spanish is required.',
        'Deliveries are weekly, in batches of about 5 000 words.',
        'Texts must be SEO friendly without sounding forced.',
        'Familiarity with translation memory tools helps.',
        'Every text is reviewed by our editor before publishing.',
      ],
    },
    es: {
      names: [
        'Traducción de documentación técnica',
        'Redacción de artículos de blog',
        'Localización de aplicación',
        'Corrección de estilo de un libro',
        'Subtitulación de vídeos',
        'Textos para sitio web',
      ],
      summaries: [
        'Traduce nuestra documentación del inglés al español, unas 40 000 palabras.',
        'Necesitamos artículos atractivos sobre tecnología para nuestro blog.',
        'Localiza nuestra aplicación móvil al español y al portugués.',
      ],
      sentences: [
        'Se entregan un glosario y una guía de estilo.',
        'Se requiere español nativo o casi nativo.',
        'Las entregas son semanales, en lotes de unas 5 000 palabras.',
        'Los textos deben estar optimizados para SEO sin sonar forzados.',
        'Ayuda conocer herramientas de memoria de traducción.',
        'Nuestra editora revisa cada texto antes de publicarlo.',
      ],
    },
  },
  {
    skills: ['Flutter', 'Swift', 'Kotlin', 'React Native', 'Figma', 'UX Research'],
    en: {
      names: [
        'Booking mobile app',
        'Flutter app development',
        'App Store release',
        'Push notifications for an app',
        'Mobile app redesign',
        'Offline mode for a field app',
      ],
      summaries: [
        'Build the first version of our booking app for iOS and Android.',
        'Our app needs offline support and better performance.',
        'Help us publish and maintain our app in both stores.',
      ],
      sentences: [
        'Designs are ready in Figma.',
        'The backend API already exists and is documented.',
        'Crash-free sessions above 99% are expected.',
        'You will hand over the signing keys and the build scripts.',
        'Experience publishing apps in the App Store is required.',
        'The app must work on phones released in the last five years.',
      ],
    },
    es: {
      names: [
        'Aplicación móvil de reservas',
        'Desarrollo de app en Flutter',
        'Publicación en App Store',
        'Notificaciones push para app',
        'Rediseño de app móvil',
        'Modo sin conexión para app de campo',
      ],
      summaries: [
        'Desarrolla la primera versión de nuestra app de reservas para iOS y Android.',
        'Nuestra app necesita funcionar sin conexión y ser más rápida.',
        'Ayúdanos a publicar y mantener la app en ambas tiendas.',
      ],
      sentences: [
        'El diseño de las pantallas ya está listo en Figma.',
        'La API del backend ya existe y está documentada.',
        'Se espera más de un 99 % de sesiones sin fallos.',
        'Entregarás las claves de firma y los scripts de compilación.',
        'Se requiere experiencia publicando en la App Store.',
        'La app debe funcionar en teléfonos de los últimos cinco años.',
      ],
    },
  },
  {
    skills: ['Solidity', 'Algorand', 'NEAR', 'Rust', 'TypeScript'],
    en: {
      names: [
        'Smart contract on Algorand',
        'NEAR wallet integration',
        'Smart contract audit',
        'NFT marketplace',
        'Crypto payment gateway',
        'Token vesting contract',
      ],
      summaries: [
        'Write and test a smart contract for our loyalty programme.',
        'Integrate NEAR and Algorand wallets into our web app.',
        'We need an independent audit before going to mainnet.',
      ],
      sentences: [
        'The contract must be covered by unit tests on a local network.',
        'Gas and fee costs must be documented.',
        'Previous audits or open-source contracts are a plus.',
        'The front end is written in React and TypeScript.',
        'Payments are made in stablecoins by milestone.',
        'Security comes first: no shortcuts.',
      ],
    },
    es: {
      names: [
        'Contrato inteligente en Algorand',
        'Integración de billetera NEAR',
        'Auditoría de contratos inteligentes',
        'Mercado de NFT',
        'Pasarela de pagos con criptomonedas',
        'Contrato de liberación de tokens',
      ],
      summaries: [
        'Escribe y prueba un contrato inteligente para nuestro programa de fidelidad.',
        'Integra billeteras de NEAR y Algorand en nuestra aplicación web.',
        'Necesitamos una auditoría independiente antes de pasar a la red principal.',
      ],
      sentences: [
        'El contrato debe tener pruebas unitarias en una red local.',
        'Hay que documentar los costes de comisiones.',
        'Se valoran auditorías previas o contratos de código abierto.',
        'El frontend está hecho con React y TypeScript.',
        'Los pagos se hacen en monedas estables por hitos.',
        'La seguridad es lo primero: sin atajos.',
      ],
    },
  },
];

const GENERAL_SKILLS = ['Git', 'Scrum', 'English', 'Jira'];

const CLIENTS = {
  en: [
    'for a fintech startup',
    'for an online store',
    'for a dental clinic',
    'for a logistics company',
    'for a coffee roaster',
    'for a non-profit',
    'for a travel agency',
    'for a SaaS product',
    'for a law firm',
    'for a fitness app',
  ],
  es: [
    'para una startup fintech',
    'para una tienda en línea',
    'para una clínica dental',
    'para una empresa de logística',
    'para una cafetería de especialidad',
    'para una ONG',
    'para una agencia de viajes',
    'para un producto SaaS',
    'para un despacho de abogados',
    'para una aplicación de fitness',
  ],
};

const GENERAL_SENTENCES = {
  en: [
    'We work remotely and answer messages within a day.',
    'Payment is made by milestones after each delivery is approved.',
    'Please tell us briefly how you would approach this.',
    'The schedule is flexible as long as deadlines are met.',
    'We are a small team and value clear communication.',
    'Tell us your availability in hours per week.',
  ],
  es: [
    'Trabajamos en remoto y respondemos los mensajes en menos de un día.',
    'El pago se realiza por hitos tras aprobar cada entrega.',
    'Cuéntanos brevemente cómo abordarías el trabajo.',
    'El horario es flexible siempre que se cumplan los plazos.',
    'Somos un equipo pequeño y valoramos la comunicación clara.',
    'Indícanos tu disponibilidad en horas por semana.',
  ],
};

const COUNTRIES = [
  'US',
  'MX',
  'ES',
  'AR',
  'CO',
  'CL',
  'PE',
  'BR',
  'GB',
  'DE',
  'FR',
  'CA',
  'UY',
  'JP',
  'IT',
] as const;

/** Currency, weight and how many of it a US dollar buys (roughly), to keep amounts plausible. */
const CURRENCIES = [
  ['USD', 40, 1],
  ['EUR', 30, 0.9],
  ['MXN', 15, 18],
  ['JPY', 7, 150],
  ['GBP', 4, 0.8],
  ['COP', 4, 4000],
] as const;

const COMPANIES = [
  'Acme Digital',
  'Nube Sur',
  'Andes Labs',
  'Puerto Data',
  'Cafetal Studio',
  'Lumen Health',
  'Ruta Logística',
  'Kite Commerce',
  'Faro Legal',
  'Brisa Travel',
];

const NOW = Date.now();

type TLang = 'en' | 'es';

function postingText(domain: TDomain, lang: TLang) {
  const t = domain[lang];
  const name = `${pick(t.names)} ${pick(CLIENTS[lang])}`;
  const sentences = sample([...t.sentences, ...GENERAL_SENTENCES[lang]], int(3, 8));
  const paragraphs = [pick(t.summaries), ...sentences];
  return { name, summary: pick(t.summaries), description: paragraphs.join(' ') };
}

function postingSkills(domain: TDomain): string[] {
  const count = int(3, 7);
  const out = new Set<string>();
  while (out.size < count) {
    out.add(rand() < 0.8 ? pick(domain.skills) : pick(GENERAL_SKILLS));
  }
  return [...out];
}

/** An amount in minor units of `currency`, about `usdMin`..`usdMax` US dollars. */
function money(currency: (typeof CURRENCIES)[number], usdMin: number, usdMax: number) {
  const [code, , rate] = currency;
  const step = rate >= 100 ? 1000 * Math.round(rate / 100) : 50;
  const whole = Math.max(step, Math.round((int(usdMin, usdMax) * rate) / step) * step);
  return whole * 10 ** currencyDigits(code);
}

function common() {
  const domain = pick(DOMAINS);
  const lang: TLang = rand() < 0.5 ? 'es' : 'en';
  const modality = weighted([
    ['remote', 50],
    ['onsite', 25],
    ['hybrid', 25],
  ] as const);
  const countryCode = modality === 'remote' && rand() < 0.2 ? null : pick(COUNTRIES);
  const endDate = weighted<() => string | null>([
    [() => isoDate(NOW + int(1, 180) * DAY), 80],
    [() => isoDate(NOW - int(1, 200) * DAY), 12],
    [() => null, 8],
  ] as const)();
  const createdAt = new Date(NOW - int(0, 365 * 24 * 60) * 60_000);
  const currency = weighted(CURRENCIES.map((c) => [c, c[1]] as const));
  return {
    ...postingText(domain, lang),
    skills: postingSkills(domain),
    currency,
    modality,
    countryCode,
    endDate,
    createdAt,
    updatedAt: createdAt,
  };
}

// ---------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------

async function seed(db: Db) {
  const people = [
    ...Array.from({ length: BUSINESSES }, (_, i) => ({
      email: `business${i + 1}@bench.test`,
      passwordHash: BENCH_PASSWORD_HASH,
      isTalent: false,
      name: pick(['Ana', 'Carlos', 'Lucía', 'Mateo', 'Sofía', 'James', 'Emily', 'Hiro']),
      lastName: pick(['García', 'Martínez', 'López', 'Smith', 'Müller', 'Tanaka']),
      countryCode: pick(COUNTRIES),
      lang: rand() < 0.5 ? 'es' : 'en',
    })),
    ...Array.from({ length: TALENTS }, (_, i) => ({
      email: `talent${i + 1}@bench.test`,
      passwordHash: BENCH_PASSWORD_HASH,
      isTalent: true,
      name: pick(['Valentina', 'Diego', 'Camila', 'Javier', 'Olivia', 'Noah', 'Yuki']),
      lastName: pick(['Rodríguez', 'Pérez', 'Gómez', 'Brown', 'Rossi', 'Suzuki']),
      headline: pick(['Diseñadora UX', 'Full-stack developer', 'Analista de datos', 'Traductor']),
      countryCode: pick(COUNTRIES),
      lang: rand() < 0.5 ? 'es' : 'en',
    })),
  ];
  const ids = await db.insert(users).values(people).returning({ id: users.id });
  const businessIds = ids.slice(0, BUSINESSES).map((r) => r.id);
  const talentIds = ids.slice(BUSINESSES).map((r) => r.id);
  // Each business owns a company (db/companies.ts); postings belong to the owner's.
  const companyOf = new Map<number, number>();
  for (const [i, userId] of businessIds.entries()) {
    const name = `${COMPANIES[i % COMPANIES.length]} ${Math.floor(i / COMPANIES.length) + 1}`;
    companyOf.set(
      userId,
      (await createCompany(db, { name, ownerId: userId, now: new Date(NOW) })).id,
    );
  }
  const byCompany = (ownerId: number) => ({ ownerId, companyId: companyOf.get(ownerId)! });

  await db.insert(userWorkplaces).values(
    businessIds.map((userId, i) => ({
      userId,
      workplaceName: `${COMPANIES[i % COMPANIES.length]} ${Math.floor(i / COMPANIES.length) + 1}`,
      position: pick(['CEO', 'CTO', 'Product manager', 'Directora de operaciones']),
      startDate: isoDate(NOW - int(200, 3000) * DAY),
      workHere: true,
      enableBusiness: true,
    })),
  );

  const projectRows = Array.from({ length: POSTINGS }, () => {
    const c = common();
    return {
      ...c,
      ...byCompany(pick(businessIds)),
      currency: c.currency[0],
      budget: money(c.currency, 300, 40_000),
      weeks: 1 + Math.floor(rand() ** 2 * 104),
      projectStatusId: weighted([
        [1, 85],
        [2, 6],
        [3, 5],
        [4, 4],
      ] as const),
    };
  });
  const projectIds = await insertProjects(db, projectRows, BATCH);

  const jobRows = Array.from({ length: JOB_COUNT }, () => {
    const c = common();
    const min = money(c.currency, 800, 6000);
    return {
      ...c,
      ...byCompany(pick(businessIds)),
      currency: c.currency[0],
      requirements: rand() < 0.7 ? pick(GENERAL_SENTENCES[rand() < 0.5 ? 'es' : 'en']) : null,
      contractType: pick(['full_time', 'part_time', 'contract', 'internship'] as const),
      minSalary: rand() < 0.9 ? min : null,
      maxSalary: rand() < 0.8 ? Math.round(min * (1 + rand())) : null,
      jobStatusId: weighted([
        [1, 85],
        [2, 8],
        [3, 4],
        [4, 3],
      ] as const),
    };
  });
  await inBatches(jobRows, BATCH, (batch) => db.insert(jobs).values(batch));

  // Applications: four projects in ten have some, so applications_count is not always zero.
  const applications = projectIds.flatMap((projectId) =>
    rand() < 0.4
      ? sample(talentIds, int(1, 6)).map((userId) => ({
          projectId,
          userId,
          proposal: pick([
            'I have done three similar projects and can start next week.',
            'Tengo experiencia en proyectos parecidos y puedo empezar la próxima semana.',
            'Happy to help; I would start with a short call to agree on the scope.',
            'Me encantaría colaborar; propongo una primera entrega en diez días.',
          ]),
          priceProposal: int(100, 20_000) * 100,
          weeks: int(1, 20),
          accepted: weighted([
            [0, 80],
            [1, 8],
            [3, 8],
            [4, 4],
          ] as const),
        }))
      : [],
  );
  await inBatches(applications, BATCH, (batch) => db.insert(projectApplications).values(batch));

  await db.execute(sql`ANALYZE`);
  return { applications: applications.length };
}

// ---------------------------------------------------------------------------------------------
// The API's answers (the database and the API: scripts/lib/bench-kit.ts)
// ---------------------------------------------------------------------------------------------

type TPosting = Record<string, unknown>;

/** The page's postings and total, whether `data` is the page (`{data, total}`) or the list. */
function pageOf(json: unknown): { list: TPosting[]; total: number } | null {
  const body = json as { data?: unknown; total?: unknown } | null;
  const data = body?.data as { data?: unknown; total?: unknown } | unknown[] | undefined;
  if (Array.isArray(data)) return { list: data as TPosting[], total: Number(body?.total) };
  if (data && Array.isArray(data.data))
    return { list: data.data as TPosting[], total: Number(data.total) };
  return null;
}

/** What search matches, as the database normalises it (tc_search_norm), near enough to check. */
const norm = (s: string) =>
  ` ${s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/** Before timing anything: every query answers 200 with postings that match it, or we stop. */
async function verify(baseUrl: string) {
  const totals: string[] = [];
  for (const q of QUERIES) {
    const url = baseUrl + queryPath(q);
    const res = await fetch(url);
    const text = await res.text();
    if (res.status !== 200) {
      throw new Error(`GET ${queryPath(q)} answered ${res.status}: ${text.slice(0, 500)}`);
    }
    const page = pageOf(JSON.parse(text));
    if (!page) throw new Error(`GET ${queryPath(q)}: no page of postings in ${text.slice(0, 500)}`);
    if (page.list.length === 0 || !(page.total > 0)) {
      throw new Error(
        `GET ${queryPath(q)}: ${page.list.length} postings, total ${page.total}; expected some`,
      );
    }
    const problems: string[] = [];
    let accentedHits = 0;
    for (const p of page.list) {
      const skills = Array.isArray(p.skills) ? (p.skills as string[]) : null;
      if ('modality' in p && p.modality !== 'remote') {
        problems.push(`#${String(p.id)} has modality ${String(p.modality)}`);
      }
      if (skills && !skills.some((s) => s.toLowerCase() === q.skill.toLowerCase())) {
        problems.push(`#${String(p.id)} does not list ${q.skill}: ${JSON.stringify(skills)}`);
      }
      const haystack = ['name', 'summary', 'description']
        .map((k) => (typeof p[k] === 'string' ? (p[k] as string) : ''))
        .concat(skills ?? [])
        .join(' ');
      if ('description' in p && !norm(haystack).includes(` ${q.search}`)) {
        problems.push(`#${String(p.id)} has no word starting with "${q.search}"`);
      }
      if (q.accented && haystack.toLowerCase().includes(q.accented)) accentedHits++;
    }
    if (q.accented && 'description' in page.list[0]! && accentedHits === 0) {
      problems.push(`no posting written "${q.accented}…" among the results: accents not ignored?`);
    }
    if (problems.length > 0) {
      throw new Error(
        `GET ${queryPath(q)} answered postings that do not match:\n  ${problems.slice(0, 10).join('\n  ')}`,
      );
    }
    totals.push(`${q.search}+${q.skill}: ${page.total}`);
  }
  return totals;
}

type TQueryable = { query: (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

/**
 * How the database runs the statement the server sends for each query, with the values it sent:
 * the driver's client (PGlite, or node-postgres's pool) is wrapped for one request to catch it.
 * Always one line per query naming how `projects` is read (the GIN indexes, or a scan of every
 * recruiting row); with BENCH_EXPLAIN=1 the whole EXPLAIN ANALYZE.
 */
async function explain(db: Db, baseUrl: string) {
  const client = (db as unknown as { $client: TQueryable }).$client;
  const original = client.query;
  const seen: { text: string; params: unknown[] }[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [q, params] = args;
    const text = typeof q === 'string' ? q : ((q as { text?: string }).text ?? '');
    if (/from "projects"/i.test(text) && /@@/.test(text)) {
      seen.push({ text, params: Array.isArray(params) ? params : [] });
    }
    return original.apply(this, args);
  };
  try {
    for (const q of QUERIES) {
      seen.length = 0;
      await (await fetch(baseUrl + queryPath(q))).arrayBuffer();
      const caught = seen.at(-1);
      if (!caught) {
        console.log(`plan of ${q.search}+${q.skill}: no search statement seen`);
        continue;
      }
      const options = EXPLAIN ? '(ANALYZE, BUFFERS) ' : '';
      const { rows } = await original.call(
        client,
        `EXPLAIN ${options}${caught.text}`,
        caught.params,
      );
      const lines = rows.map((row) => String(Object.values(row)[0]));
      if (EXPLAIN) {
        console.log(`\nEXPLAIN ANALYZE of ${queryPath(q)}`);
        if (q === QUERIES[0]) console.log(`${caught.text}\n-- ${JSON.stringify(caught.params)}`);
        for (const line of lines) console.log(`  ${line}`);
      }
      const access = lines
        .filter((l) => / on projects\b|BitmapAnd|BitmapOr|Bitmap Index Scan on projects_/.test(l))
        .map((l) => l.replace(/^[\s->]+/, '').replace(/\s+\(cost=.*$/, ''))
        .filter((l, i, all) => all.indexOf(l) === i);
      console.log(`plan of ${q.search}+${q.skill}: ${access.join(' > ') || '?'}`);
    }
  } finally {
    client.query = original;
  }
}

async function warmUp(baseUrl: string) {
  for (let i = 0; i < WARMUP_REQUESTS; i++) {
    const res = await fetch(baseUrl + queryPath(QUERIES[i % QUERIES.length]!));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`warm-up request answered ${res.status}`);
  }
}

type TRun = { connections: number; result: TResult };

async function measure(baseUrl: string, connections: number): Promise<TRun> {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: SECONDS,
    // Each client asks the queries in turn. The load comes from a worker thread, so the client's
    // own work does not sit on the event loop that serves the API (and runs PGlite).
    workers: 1,
    timeout: 30,
    requests: QUERIES.map((q) => ({ method: 'GET', path: queryPath(q) })),
  });
  return { connections, result };
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

function report(kind: DbHandle['kind'], runs: TRun[]) {
  console.log(LATENCY_HEADER);
  for (const { connections, result: r } of runs) console.log(latencyRow(connections, r));
  console.log('  (latency from autocannon, in whole milliseconds, of the 2xx answers)\n');

  let failed = false;
  for (const { connections, result: r } of runs) {
    if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) {
      failed = true;
      const codes = Object.entries(r.statusCodeStats)
        .map(([code, { count }]) => `${code}×${count}`)
        .join(', ');
      console.log(
        `FAIL  ${connections} client(s): ${r.non2xx} non-2xx (${codes}), ${r.errors} errors, ${r.timeouts} timeouts`,
      );
    }
  }
  for (const [budgetKind, budget] of Object.entries(BUDGETS)) {
    const run = runs.find((x) => x.connections === budget.connections);
    if (!run) continue;
    const p99 = run.result.latency.p99;
    const clients = `${budget.connections} client${budget.connections > 1 ? 's' : ''}`;
    const db = budgetKind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    if (budgetKind === kind) {
      const ok = p99 <= budget.p99;
      if (!ok) failed = true;
      console.log(
        `${ok ? 'PASS' : 'FAIL'}  ${clients}: p99 ${p99} ms, budget ≤ ${budget.p99} ms on ${db}`,
      );
    } else {
      console.log(
        `info  ${clients}: p99 ${p99} ms (the ≤ ${budget.p99} ms budget is for ${db}, not checked here)`,
      );
    }
  }
  console.log(
    `bench-search ${JSON.stringify({
      kind,
      postings: POSTINGS,
      seconds: SECONDS,
      runs: runs.map(({ connections, result: r }) => ({
        connections,
        p50: r.latency.p50,
        p99: r.latency.p99,
        rps: Math.round(r.requests.average),
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      })),
    })}`,
  );
  return failed;
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-bench-search-'));
  // Requests are logged as in production (one JSON line each), but not onto the terminal; errors
  // are kept and shown.
  const errorLines = collectServerErrors();

  const cleanups: (() => Promise<void>)[] = [
    async () => fs.rmSync(work, { recursive: true, force: true }),
  ];
  let cleaning: Promise<void> | undefined;
  const cleanUp = () => (cleaning ??= cleanUpAll(cleanups));
  // Ctrl-C reaches this process twice (from the terminal, and relayed by tsx): clean up once. tsx
  // kills with SIGKILL a child that does not answer within 30 ms, which PGlite's synchronous work
  // can cause while seeding: the directory printed above may then be left behind.
  const interrupted = (signal: NodeJS.Signals) => {
    if (!cleaning) console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);

  try {
    console.log(`bench:search (${loadAverage(true)})`);
    let t = performance.now();
    const handle = await openBenchDb(work);
    cleanups.push(handle.close);
    console.log(`${handle.where}: opened and migrated in ${ms(t)}`);

    t = performance.now();
    const seeded = await seed(handle.db);
    console.log(
      `seeded ${POSTINGS} projects, ${JOB_COUNT} jobs, ${BUSINESSES} businesses, ${TALENTS} talents` +
        ` and ${seeded.applications} applications, then ANALYZE, in ${ms(t)}`,
    );

    const api = await serveApi(handle.db, work);
    cleanups.push(api.close);
    const totals = await verify(api.baseUrl);
    console.log(`GET /api/projects?search=…&modality=remote&skill=… totals: ${totals.join(', ')}`);

    t = performance.now();
    await warmUp(api.baseUrl);
    console.log(`warmed up with ${WARMUP_REQUESTS} requests in ${ms(t)}`);
    await explain(handle.db, api.baseUrl);

    const runs: TRun[] = [];
    for (const connections of [1, 20]) {
      console.log(`measuring ${connections} client(s) for ${SECONDS} s (${loadAverage()})…`);
      runs.push(await measure(api.baseUrl, connections));
    }
    const failed = report(handle.kind, runs);
    if (errorLines.length > 0) console.log(`server errors logged:\n${errorLines.join('\n')}`);
    process.exitCode = failed ? 1 : 0;
  } catch (err) {
    if (cleaning) return; // interrupted: the clean-up says so
    console.error(`bench:search could not run: ${describe(err)}`);
    if (errorLines.length > 0) console.error(`server errors logged:\n${errorLines.join('\n')}`);
    process.exitCode = 2;
  } finally {
    await cleanUp();
  }
}

/** An error in a few lines: drizzle's "Failed query" quotes the whole statement and its values. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const clip = (s: string) => (s.length > 600 ? `${s.slice(0, 600)}…` : s);
  const cause = err.cause instanceof Error ? `\n  cause: ${clip(err.cause.message)}` : '';
  return `${clip(err.message)}${cause}`;
}

// Exit once done: nothing this run opened is left to keep the process alive.
void main().finally(() => process.exit());
