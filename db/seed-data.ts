import {
  businessPath,
  isRecruitingStatus,
  KINDS,
  postingPath,
  type TPostingKind,
} from '@/lib/kinds';
import {
  APPLICATION_STATUS,
  JOB_STATUS,
  OPEN_APPLICATION_STATUSES,
  PROJECT_STATUS,
  type TApplicationStatus,
  type TJobStatus,
  type TProjectStatus,
} from '@/lib/statuses';
import { notice, notices, withReason, type TTexts } from '@/lib/i18n/notices';

// What the demo database holds (db/seed.ts writes it). Texts in English and Spanish, as users
// of both languages would write them; money in minor units. Times are days before the seeding
// ("daysAgo"), so the demo always looks recent. The applicant pipeline is written as each
// application's history (its moves); planDemoPipeline() below plays it the way the server
// would (docs/product.md "Pipeline and lifecycle") and derives the statuses, the status history
// and the notifications, so they always agree.

export const DEMO_ACCOUNTS = {
  password: 'Demo-pass-2026',
  talents: [
    'ana.talent@demo.talentchain.dev',
    'diego.talent@demo.talentchain.dev',
    'lucia.talent@demo.talentchain.dev',
    'camila.talent@demo.talentchain.dev',
    'mateo.talent@demo.talentchain.dev',
    'sofia.talent@demo.talentchain.dev',
    'joaquin.talent@demo.talentchain.dev',
  ],
  businesses: ['maria.business@demo.talentchain.dev', 'john.business@demo.talentchain.dev'],
  /** Members of María's company besides her: an admin and a recruiter. */
  team: ['pablo.admin@demo.talentchain.dev', 'elena.recruiter@demo.talentchain.dev'],
  /** Runs the platform's console (docs/product.md "Operators"): granted, as the command does. */
  operators: ['olga.operator@demo.talentchain.dev'],
} as const;

/**
 * Argon2id hash of DEMO_ACCOUNTS.password with server/auth/password.ts's parameters (19 MiB,
 * 2 passes, 1 lane), computed once and kept here so that seeding hashes nothing and does not
 * depend on the server's auth module. tests/unit/seed-data.test.ts proves it verifies.
 */
export const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$hsG+I1lUYPUU1rozoiBYfQ$bf9K8BNLsR+D2ba+eFlYlV0o/DeprB0LD8eaqIfWFPs';

type TDemoExperience = {
  workplace: string;
  position: string;
  start: string;
  end: string | null;
  description: string;
};

export type TDemoTalent = {
  email: string;
  name: string;
  lastName: string;
  phone: string;
  lang: 'en' | 'es';
  headline: string;
  about: string;
  countryCode: string;
  city: string;
  workplaces: [TDemoExperience, TDemoExperience];
  study: {
    name: string;
    course: string;
    start: string;
    end: string | null;
    /** Its talent asked to verify it: the console's queue is not empty (docs/product.md "Operators"). */
    inProcess?: boolean;
  };
  skills: string[];
  roles: string[];
  languages: string[];
};

export const DEMO_TALENTS: TDemoTalent[] = [
  {
    email: DEMO_ACCOUNTS.talents[0],
    name: 'Ana',
    lastName: 'Quispe',
    phone: '+51 987 654 321',
    lang: 'es',
    headline: 'Desarrolladora full-stack (TypeScript, React, Node)',
    about:
      'Construyo productos web de punta a punta. Me gustan los equipos pequeños y los problemas de pagos.',
    countryCode: 'PE',
    city: 'Lima',
    workplaces: [
      {
        workplace: 'Andes Labs',
        position: 'Desarrolladora full-stack',
        start: '2022-03-01',
        end: null,
        description: 'Aplicaciones web para clientes de la región.',
      },
      {
        workplace: 'Pago Fácil',
        position: 'Desarrolladora front-end',
        start: '2019-06-01',
        end: '2022-02-28',
        description: 'Pasarela de pagos y panel de comercios.',
      },
    ],
    study: {
      name: 'Universidad Nacional de Ingeniería',
      course: 'Ingeniería de Sistemas',
      start: '2014-03-01',
      end: '2018-12-15',
    },
    skills: ['TypeScript', 'React', 'Node.js', 'PostgreSQL'],
    roles: ['Full-stack developer', 'Tech lead'],
    languages: ['es', 'en', 'qu'],
  },
  {
    email: DEMO_ACCOUNTS.talents[1],
    name: 'Diego',
    lastName: 'Hernández',
    phone: '+52 55 1234 5678',
    lang: 'es',
    headline: 'Desarrollador blockchain (Algorand, NEAR)',
    about: 'Contratos inteligentes y pagos en cadena. Antes, backend en fintech.',
    countryCode: 'MX',
    city: 'Ciudad de México',
    workplaces: [
      {
        workplace: 'ChainWorks',
        position: 'Blockchain developer',
        start: '2021-09-01',
        end: null,
        description: 'Smart contracts on Algorand and NEAR.',
      },
      {
        workplace: 'Banco Digital MX',
        position: 'Backend developer',
        start: '2018-01-15',
        end: '2021-08-31',
        description: 'APIs de pagos en Go y Python.',
      },
    ],
    study: {
      name: 'UNAM',
      course: 'Ciencias de la Computación',
      start: '2013-08-01',
      end: '2017-12-10',
    },
    skills: ['Solidity', 'Rust', 'Algorand', 'Python'],
    roles: ['Smart contract developer'],
    languages: ['es', 'en'],
  },
  {
    email: DEMO_ACCOUNTS.talents[2],
    name: 'Lucía',
    lastName: 'Martín',
    phone: '+34 612 345 678',
    lang: 'en',
    headline: 'Product designer (UX/UI)',
    about: 'I design clear, accessible interfaces and test them with real users.',
    countryCode: 'ES',
    city: 'Madrid',
    workplaces: [
      {
        workplace: 'Studio Norte',
        position: 'Product designer',
        start: '2020-04-01',
        end: null,
        description: 'Design systems and user research.',
      },
      {
        workplace: 'Agencia Sol',
        position: 'UI designer',
        start: '2017-09-01',
        end: '2020-03-31',
        description: 'Sitios y apps para marcas locales.',
      },
    ],
    study: {
      name: 'Universidad Complutense de Madrid',
      course: 'Bellas Artes',
      start: '2012-09-01',
      end: '2016-06-30',
    },
    skills: ['Figma', 'UX research', 'Accessibility', 'React'],
    roles: ['Product designer', 'UX researcher'],
    languages: ['es', 'en', 'fr'],
  },
  {
    email: DEMO_ACCOUNTS.talents[3],
    name: 'Camila',
    lastName: 'Rojas',
    phone: '+56 9 8765 4321',
    lang: 'es',
    headline: 'Desarrolladora front-end (React, accesibilidad)',
    about:
      'Hago interfaces rápidas y accesibles para comercio electrónico. Trabajo muy cerca del equipo de diseño.',
    countryCode: 'CL',
    city: 'Santiago',
    workplaces: [
      {
        workplace: 'Mercado Austral',
        position: 'Desarrolladora front-end',
        start: '2021-02-01',
        end: null,
        description: 'Tienda en línea y aplicación de pedidos para supermercados.',
      },
      {
        workplace: 'Pixel Sur',
        position: 'Desarrolladora web',
        start: '2018-03-01',
        end: '2021-01-31',
        description: 'Sitios para pymes con React y WordPress.',
      },
    ],
    study: {
      name: 'Universidad de Chile',
      course: 'Ingeniería Civil en Computación',
      start: '2012-03-01',
      end: '2017-12-20',
      inProcess: true,
    },
    skills: ['React', 'TypeScript', 'Accessibility', 'CSS'],
    roles: ['Front-end developer'],
    languages: ['es', 'en'],
  },
  {
    email: DEMO_ACCOUNTS.talents[4],
    name: 'Mateo',
    lastName: 'González',
    phone: '+598 99 123 456',
    lang: 'es',
    headline: 'Ingeniero backend (Node.js, PostgreSQL, pagos)',
    about:
      'Diseño APIs y bases de datos para tiendas y pasarelas de pago. Me importa que todo quede probado y documentado.',
    countryCode: 'UY',
    city: 'Montevideo',
    workplaces: [
      {
        workplace: 'Pagos del Sur',
        position: 'Backend engineer',
        start: '2020-07-01',
        end: null,
        description: 'Integraciones con pasarelas de pago locales.',
      },
      {
        workplace: 'Correo Digital',
        position: 'Desarrollador Node.js',
        start: '2017-02-01',
        end: '2020-06-30',
        description: 'Seguimiento de envíos y facturación electrónica.',
      },
    ],
    study: {
      name: 'Universidad de la República',
      course: 'Ingeniería en Computación',
      start: '2011-03-01',
      end: '2016-12-15',
    },
    skills: ['Node.js', 'PostgreSQL', 'TypeScript', 'Docker'],
    roles: ['Backend developer'],
    languages: ['es', 'en', 'pt'],
  },
  {
    email: DEMO_ACCOUNTS.talents[5],
    name: 'Sofía',
    lastName: 'Ramírez',
    phone: '+52 33 1234 5678',
    lang: 'en',
    headline: 'QA engineer and test automation (Playwright, Cypress)',
    about: 'I help teams ship with confidence: test plans, automated suites and clear bug reports.',
    countryCode: 'MX',
    city: 'Guadalajara',
    workplaces: [
      {
        workplace: 'Tapatío Software',
        position: 'QA engineer',
        start: '2021-05-01',
        end: null,
        description: 'End-to-end tests for web and mobile apps.',
      },
      {
        workplace: 'Nearshore MX',
        position: 'Tester',
        start: '2018-08-01',
        end: '2021-04-30',
        description: 'Pruebas de regresión para clientes de Estados Unidos.',
      },
    ],
    study: {
      name: 'Universidad de Guadalajara',
      course: 'Ingeniería en Computación',
      start: '2013-08-01',
      end: '2018-06-30',
    },
    skills: ['Playwright', 'Cypress', 'JavaScript', 'Testing'],
    roles: ['QA engineer'],
    languages: ['es', 'en'],
  },
  {
    email: DEMO_ACCOUNTS.talents[6],
    name: 'Joaquín',
    lastName: 'Pereyra',
    phone: '+54 9 351 123 4567',
    lang: 'en',
    headline: 'Mobile developer (React Native, Kotlin)',
    about: 'I build mobile apps for logistics and retail, from the first sketch to the store.',
    countryCode: 'AR',
    city: 'Córdoba',
    workplaces: [
      {
        workplace: 'RutaApp',
        position: 'Mobile developer',
        start: '2020-10-01',
        end: null,
        description: 'Driver app for last-mile deliveries.',
      },
      {
        workplace: 'Estudio Mediterráneo',
        position: 'Desarrollador Android',
        start: '2017-04-01',
        end: '2020-09-30',
        description: 'Apps de fidelización para supermercados.',
      },
    ],
    study: {
      name: 'Universidad Nacional de Córdoba',
      course: 'Licenciatura en Ciencias de la Computación',
      start: '2011-03-01',
      end: '2016-12-20',
    },
    skills: ['React Native', 'Kotlin', 'TypeScript', 'Figma'],
    roles: ['Mobile developer'],
    languages: ['es', 'en', 'it'],
  },
];

export const DEMO_BUSINESSES = [
  {
    email: DEMO_ACCOUNTS.businesses[0],
    name: 'María',
    lastName: 'Torres',
    lang: 'es' as const,
    countryCode: 'CO',
    city: 'Bogotá',
    company: 'Andes Labs',
    position: 'CEO',
    start: '2019-01-10',
  },
  {
    email: DEMO_ACCOUNTS.businesses[1],
    name: 'John',
    lastName: 'Carter',
    lang: 'en' as const,
    countryCode: 'AR',
    city: 'Buenos Aires',
    company: 'Northwind',
    position: 'Head of Engineering',
    start: '2020-05-04',
  },
];

/**
 * The team of María's company (DEMO_BUSINESSES[0]) besides her, its owner: business users without
 * a company of their own. The recruiter made the demo's shortlistings on María's postings.
 */
export const DEMO_TEAM = [
  {
    email: DEMO_ACCOUNTS.team[0],
    name: 'Pablo',
    lastName: 'Ruiz',
    lang: 'es' as const,
    role: 'admin' as const,
    joinedDaysAgo: 400,
  },
  {
    email: DEMO_ACCOUNTS.team[1],
    name: 'Elena',
    lastName: 'Gómez',
    lang: 'en' as const,
    role: 'recruiter' as const,
    joinedDaysAgo: 200,
  },
];

/**
 * The demo operator: an account of no company, granted the console (docs/product.md "Operators");
 * its e-mail is confirmed, as an operator's should be.
 */
export const DEMO_OPERATORS = [
  {
    email: DEMO_ACCOUNTS.operators[0],
    name: 'Olga',
    lastName: 'Paredes',
    lang: 'es' as const,
  },
];

/**
 * Who of a company moves its applicants in the demo: María's recruiter made her shortlistings
 * (the board's history names her), the owner every other move.
 */
function moverOf(owner: TDemoUserRef, to: number): TDemoUserRef {
  if (owner.role !== 'business' || owner.index !== 0 || to !== APPLICATION_STATUS.shortlisted) {
    return owner;
  }
  return { role: 'team', index: DEMO_TEAM.findIndex((m) => m.role === 'recruiter') };
}

/** Who is who in the lists above and below, for the postings and applications. */
export const TALENT = {
  ana: 0,
  diego: 1,
  lucia: 2,
  camila: 3,
  mateo: 4,
  sofia: 5,
  joaquin: 6,
} as const;
const MARIA = 0;
const JOHN = 1;

type TDemoPostingBase = {
  /** Indexes DEMO_BUSINESSES. */
  owner: number;
  name: string;
  summary: string;
  description: string;
  skills: string[];
  currency: string;
  modality: 'remote' | 'onsite' | 'hybrid';
  countryCode: string;
  postedDaysAgo: number;
  /** `end_date`, the last day to apply, in days from the seeding (negative: passed). */
  deadlineInDays: number;
  /** When the owner finished it (status finished). */
  finishedDaysAgo?: number;
};

export type TDemoProject = TDemoPostingBase & {
  budget: number;
  weeks: number;
  status: TProjectStatus;
  /** When the owner started it (status started, then maybe finished). */
  startedDaysAgo?: number;
};

export type TDemoJob = TDemoPostingBase & {
  requirements: string;
  contractType: 'full_time' | 'part_time' | 'contract' | 'internship';
  minSalary: number;
  maxSalary: number;
  status: TJobStatus;
};

/** Index in DEMO_PROJECTS. */
export const PROJECT = { coffeeShop: 0, algorandPayments: 1, logistics: 2, trackingPortal: 3 };

export const DEMO_PROJECTS: TDemoProject[] = [
  {
    // The applicant board of the demo: every column has someone (DEMO_PROJECT_APPLICATIONS).
    owner: MARIA,
    name: 'Tienda en línea para una cooperativa de café',
    summary: 'Catálogo, carrito y pagos para vender café de origen.',
    description:
      'Buscamos a alguien que construya una tienda en línea sencilla con pagos locales y panel de pedidos.',
    skills: ['React', 'Node.js', 'PostgreSQL'],
    budget: 850_000,
    currency: 'PEN',
    weeks: 8,
    modality: 'remote',
    countryCode: 'PE',
    status: PROJECT_STATUS.recruiting,
    postedDaysAgo: 15,
    deadlineInDays: 30,
  },
  {
    // Started, with Diego hired: he can mark the work ready to close.
    owner: MARIA,
    name: 'Algorand payments integration',
    summary: 'Accept ALGO and USDC payments in our checkout.',
    description:
      'Integrate wallet payments into an existing checkout and record receipts on chain.',
    skills: ['Algorand', 'TypeScript'],
    budget: 400_000,
    currency: 'USD',
    weeks: 6,
    modality: 'hybrid',
    countryCode: 'CO',
    status: PROJECT_STATUS.started,
    postedDaysAgo: 30,
    deadlineInDays: -12,
    startedDaysAgo: 9,
  },
  {
    owner: JOHN,
    name: 'Logistics data dashboard',
    summary: 'A dashboard of deliveries, delays and costs.',
    description: 'Build a web dashboard over our delivery data with filters and exports.',
    skills: ['React', 'Python', 'Data visualisation'],
    budget: 600_000,
    currency: 'EUR',
    weeks: 10,
    modality: 'onsite',
    countryCode: 'ES',
    status: PROJECT_STATUS.recruiting,
    postedDaysAgo: 10,
    deadlineInDays: 50,
  },
  {
    // Finished, Ana hired and ready to close: finished work on her profile, not yet on chain.
    owner: JOHN,
    name: 'Customer delivery-tracking portal',
    summary: 'Let our customers follow their parcels and download their receipts.',
    description:
      'Build a web portal over our tracking API: sign-in, a timeline of each parcel, e-mail alerts and PDF receipts.',
    skills: ['React', 'Node.js', 'PostgreSQL'],
    budget: 520_000,
    currency: 'USD',
    weeks: 6,
    modality: 'remote',
    countryCode: 'AR',
    status: PROJECT_STATUS.finished,
    postedDaysAgo: 70,
    deadlineInDays: -55,
    startedDaysAgo: 50,
    finishedDaysAgo: 2,
  },
];

/** Index in DEMO_JOBS. */
export const JOB = { reactDeveloper: 0, uxDesigner: 1, contractAuditor: 2 };

export const DEMO_JOBS: TDemoJob[] = [
  {
    owner: JOHN,
    name: 'Senior React Developer',
    summary: 'Lead the front end of our logistics platform.',
    description: 'You will own the web app, mentor two developers and work closely with design.',
    requirements: '5+ years with React and TypeScript.',
    skills: ['React', 'TypeScript'],
    contractType: 'full_time',
    minSalary: 450_000,
    maxSalary: 600_000,
    currency: 'USD',
    modality: 'remote',
    countryCode: 'AR',
    status: JOB_STATUS.recruiting,
    postedDaysAgo: 12,
    deadlineInDays: 20,
  },
  {
    // A job board with applicants in several states.
    owner: MARIA,
    name: 'Diseñador/a UX/UI',
    summary: 'Diseño de producto para nuestras apps de clientes.',
    description: 'Investigación con usuarios, prototipos y sistema de diseño.',
    requirements: 'Portafolio con casos reales; Figma.',
    skills: ['Figma', 'UX research'],
    contractType: 'part_time',
    minSalary: 300_000,
    maxSalary: 420_000,
    currency: 'PEN',
    modality: 'hybrid',
    countryCode: 'PE',
    status: JOB_STATUS.recruiting,
    postedDaysAgo: 20,
    deadlineInDays: 30,
  },
  {
    owner: JOHN,
    name: 'Smart contract auditor',
    summary: 'Review our escrow contracts before launch.',
    description: 'A fixed-term contract to audit and test escrow contracts.',
    requirements: 'Audits of production contracts.',
    skills: ['Rust', 'Solidity', 'Security'],
    contractType: 'contract',
    minSalary: 500_000,
    maxSalary: 700_000,
    currency: 'EUR',
    modality: 'onsite',
    countryCode: 'ES',
    status: JOB_STATUS.finished,
    postedDaysAgo: 60,
    deadlineInDays: -35,
    finishedDaysAgo: 20,
  },
];

/**
 * Demo reviews (docs/product.md "Reviews"): Diego and the company of the smart contract audit,
 * finished 20 days ago, reviewed each other, so both are published on his profile and on the
 * company's page. Ana's finished portal, 2 days ago, is left for the demo to review.
 */
export type TDemoReview = {
  kind: 'project' | 'job';
  /** Index in DEMO_PROJECTS or DEMO_JOBS. */
  posting: number;
  talent: number;
  side: 'talent' | 'company';
  rating: number;
  body: string;
  daysAgo: number;
};

export const DEMO_REVIEWS: TDemoReview[] = [
  {
    kind: 'job',
    posting: JOB.contractAuditor,
    talent: TALENT.diego,
    side: 'talent',
    rating: 5,
    body: 'A clear scope from day one, quick answers to every question and a team that fixed each finding before launch. I would audit for them again.',
    daysAgo: 18,
  },
  {
    kind: 'job',
    posting: JOB.contractAuditor,
    talent: TALENT.diego,
    side: 'company',
    rating: 5,
    body: 'Diego found two serious issues in our escrow contracts and explained each one with a test that reproduced it. Thorough, punctual and easy to work with.',
    daysAgo: 17,
  },
];

/**
 * A step of an application after it was sent, in order: the owner's move to applied (0),
 * shortlisted (1), hired (2) or rejected (3, with the reason the talent reads), or the talent's
 * withdrawal (4). Applications still waiting when a posting starts or finishes are rejected with
 * "Position closed." by planDemoPipeline(), as the server does; they are not listed here.
 */
export type TDemoMove = { to: TApplicationStatus; daysAgo: number; reason?: string };

type TDemoApplicationBase = {
  /** Indexes DEMO_TALENTS. */
  talent: number;
  appliedDaysAgo: number;
  moves?: TDemoMove[];
};

export type TDemoProjectApplication = TDemoApplicationBase & {
  /** Indexes DEMO_PROJECTS. */
  project: number;
  proposal: string;
  price: number;
  weeks: number;
  /** When the hired talent marked the work ready to close (on a started project). */
  readyToCloseDaysAgo?: number;
  /** The hired talent saw the one-time congratulations and cleared them. */
  congratulationsSeen?: boolean;
};

export type TDemoJobApplication = TDemoApplicationBase & {
  /** Indexes DEMO_JOBS. */
  job: number;
  summary: string;
  experience: string;
};

const { applied, shortlisted, hired, rejected, withdrawn } = APPLICATION_STATUS;

export const DEMO_PROJECT_APPLICATIONS: TDemoProjectApplication[] = [
  // The coffee shop (María): applied, shortlisted, hired, rejected and withdrawn.
  {
    talent: TALENT.diego,
    project: PROJECT.coffeeShop,
    proposal: 'Puedo construir la tienda y dejar lista la opción de cobrar también en cripto.',
    price: 900_000,
    weeks: 9,
    appliedDaysAgo: 13.2,
    moves: [
      {
        to: rejected,
        daysAgo: 2.1,
        reason:
          'Buscamos experiencia en comercio electrónico con pagos locales; tu perfil encaja mejor en proyectos blockchain.',
      },
    ],
  },
  {
    talent: TALENT.mateo,
    project: PROJECT.coffeeShop,
    proposal:
      'Integré pasarelas de pago locales en tres tiendas; propongo catálogo, carrito y panel en 7 semanas.',
    price: 780_000,
    weeks: 7,
    appliedDaysAgo: 12.4,
    moves: [
      { to: shortlisted, daysAgo: 8.3 },
      { to: hired, daysAgo: 1.6 },
    ],
  },
  {
    talent: TALENT.sofia,
    project: PROJECT.coffeeShop,
    proposal:
      'I can build the store with automated tests for the cart and the payments from day one.',
    price: 820_000,
    weeks: 8,
    appliedDaysAgo: 11.5,
    moves: [
      { to: shortlisted, daysAgo: 8.2 },
      { to: withdrawn, daysAgo: 5.3 },
    ],
  },
  {
    talent: TALENT.camila,
    project: PROJECT.coffeeShop,
    proposal:
      'Tengo experiencia en tiendas en línea accesibles y rápidas; haría el front-end y el carrito.',
    price: 700_000,
    weeks: 8,
    appliedDaysAgo: 6.2,
    moves: [{ to: shortlisted, daysAgo: 2.4 }],
  },
  {
    talent: TALENT.ana,
    project: PROJECT.coffeeShop,
    proposal: 'Puedo entregar la tienda con pagos locales y un panel de pedidos.',
    price: 800_000,
    weeks: 8,
    appliedDaysAgo: 0.9,
  },
  // Algorand payments (María, started): Diego hired; Mateo was still waiting when it started.
  {
    talent: TALENT.diego,
    project: PROJECT.algorandPayments,
    proposal: 'He integrado pagos con Algorand en dos productos; propongo hacerlo en 5 semanas.',
    price: 380_000,
    weeks: 5,
    appliedDaysAgo: 27.3,
    moves: [
      { to: shortlisted, daysAgo: 20.2 },
      { to: hired, daysAgo: 12.1 },
    ],
    congratulationsSeen: true,
  },
  {
    talent: TALENT.mateo,
    project: PROJECT.algorandPayments,
    proposal: 'Puedo integrar los pagos con ALGO y USDC y conciliarlos con sus pedidos.',
    price: 420_000,
    weeks: 6,
    appliedDaysAgo: 25.4,
  },
  // Logistics dashboard (John).
  {
    talent: TALENT.lucia,
    project: PROJECT.logistics,
    proposal: 'I would start with user interviews, then design and build the dashboard.',
    price: 580_000,
    weeks: 10,
    appliedDaysAgo: 8.1,
    moves: [{ to: shortlisted, daysAgo: 3.6 }],
  },
  {
    talent: TALENT.sofia,
    project: PROJECT.logistics,
    proposal:
      'I can build the dashboard with tested data exports, so the numbers are always right.',
    price: 610_000,
    weeks: 10,
    appliedDaysAgo: 4.2,
    moves: [{ to: shortlisted, daysAgo: 0.8 }],
  },
  // Delivery-tracking portal (John, finished): Ana hired; the others closed when it started.
  {
    talent: TALENT.ana,
    project: PROJECT.trackingPortal,
    proposal:
      'I built the merchant portal at Pago Fácil; I can deliver the tracking portal in 6 weeks.',
    price: 500_000,
    weeks: 6,
    appliedDaysAgo: 66.3,
    moves: [
      { to: shortlisted, daysAgo: 60.2 },
      { to: hired, daysAgo: 53.1 },
    ],
    readyToCloseDaysAgo: 6.2,
    congratulationsSeen: true,
  },
  {
    talent: TALENT.lucia,
    project: PROJECT.trackingPortal,
    proposal: 'I would design the parcel timeline with your customers, then build it in React.',
    price: 560_000,
    weeks: 7,
    appliedDaysAgo: 65.1,
  },
  {
    talent: TALENT.joaquin,
    project: PROJECT.trackingPortal,
    proposal: 'I built a driver app for last-mile deliveries; the web portal would share its API.',
    price: 540_000,
    weeks: 6,
    appliedDaysAgo: 64.2,
    moves: [{ to: shortlisted, daysAgo: 60.1 }],
  },
];

export const DEMO_JOB_APPLICATIONS: TDemoJobApplication[] = [
  {
    talent: TALENT.diego,
    job: JOB.contractAuditor,
    summary: 'I have audited escrow contracts on two chains.',
    experience: 'Three audits in production.',
    appliedDaysAgo: 55.2,
    moves: [{ to: hired, daysAgo: 30.1 }],
  },
  {
    talent: TALENT.ana,
    job: JOB.reactDeveloper,
    summary: 'Llevo tres años liderando front-ends en React.',
    experience: 'Andes Labs, Pago Fácil.',
    appliedDaysAgo: 4.1,
  },
  {
    talent: TALENT.camila,
    job: JOB.reactDeveloper,
    summary: 'Seis años con React; lideré la migración a TypeScript del front-end de una tienda.',
    experience: 'Mercado Austral, Pixel Sur.',
    appliedDaysAgo: 0.4,
  },
  // The UX/UI job (María): applied, shortlisted and rejected.
  {
    talent: TALENT.lucia,
    job: JOB.uxDesigner,
    summary: 'Product designer with research experience.',
    experience: 'Studio Norte design system.',
    appliedDaysAgo: 18.2,
    moves: [{ to: shortlisted, daysAgo: 1.2 }],
  },
  {
    talent: TALENT.joaquin,
    job: JOB.uxDesigner,
    summary: 'I design and build mobile apps, and I prototype every screen in Figma first.',
    experience: 'RutaApp driver app, Estudio Mediterráneo.',
    appliedDaysAgo: 16.3,
    moves: [
      {
        to: rejected,
        daysAgo: 2.2,
        reason: 'We are looking for a portfolio with user research case studies.',
      },
    ],
  },
  {
    talent: TALENT.camila,
    job: JOB.uxDesigner,
    summary: 'Diseño y programo interfaces accesibles; puedo mostrar casos con usuarios reales.',
    experience: 'Mercado Austral: rediseño del carrito.',
    appliedDaysAgo: 2.8,
  },
];

// ---------------------------------------------------------------------------------------------
// The pipeline, played as the server would play it
// ---------------------------------------------------------------------------------------------

type TKind = TPostingKind;

/** Notifications younger than this are unread (`been_clicked` false); older ones were opened. */
export const DEMO_UNREAD_WITHIN_DAYS = 3;

/** The reason every applicant still waiting gets when a posting closes, in their language. */
export const POSITION_CLOSED = {
  en: notice('en', 'position_closed'),
  es: notice('es', 'position_closed'),
} as const;

const quoted = (name: string) => `“${name}”`;

/**
 * The notifications' sentences, those the server writes for the same events: the server's own
 * catalog (lib/i18n/notices.ts; tests/api/users-seed.test.ts compares them).
 */
export const DEMO_TEXTS = {
  applicationNew: (who: string, posting: string): TTexts =>
    notices('application_new', { name: who, posting }),
  status: {
    [applied]: (n: string) => notices('status.applied', { posting: n }),
    [shortlisted]: (n: string) => notices('status.shortlisted', { posting: n }),
    [hired]: (n: string) => notices('status.hired', { posting: n }),
    [rejected]: (n: string) => notices('status.rejected', { posting: n }),
  } as Record<number, (name: string) => TTexts>,
  withReason,
  postingClosed: (n: string) =>
    withReason(notices('posting_closed', { posting: n }), notices('position_closed')),
  projectStarted: (n: string) => notices('project_started', { posting: n }),
  readyToClose: (who: string, n: string) => notices('ready_to_close', { name: who, posting: n }),
  projectFinished: (n: string) => notices('project_finished', { posting: n }),
  jobFinished: (n: string) => notices('job_finished', { posting: n }),
};

/** A demo account: an index of DEMO_TALENTS, DEMO_BUSINESSES or DEMO_TEAM. */
export type TDemoUserRef = { role: 'talent' | 'business' | 'team'; index: number };

export type TDemoNotificationType =
  | 'application_new'
  | 'application_status'
  | 'project_started'
  | 'ready_to_close'
  | 'project_finished'
  | 'job_finished'
  | 'posting_closed';

/** An application as it ends up. */
export type TPlannedApplication = {
  kind: TKind;
  /** Indexes DEMO_PROJECT_APPLICATIONS or DEMO_JOB_APPLICATIONS (by `kind`). */
  index: number;
  posting: number;
  talent: number;
  status: TApplicationStatus;
  reason: string | null;
  appliedDaysAgo: number;
  updatedDaysAgo: number;
  readyToClose: boolean;
  shownAcceptedMessage: boolean;
};

/** A row of `application_status_history`; `application` indexes the plan's applications. */
export type TPlannedHistory = {
  application: number;
  actor: TDemoUserRef;
  from: TApplicationStatus;
  to: TApplicationStatus;
  reason: string | null;
  daysAgo: number;
};

/** A notification; its link is the posting's page (`to: 'talent'`) or its applicant board. */
export type TPlannedNotification = {
  recipient: TDemoUserRef;
  type: TDemoNotificationType;
  message: string;
  messageEs: string;
  link: { kind: TKind; posting: number; to: 'talent' | 'owner' };
  daysAgo: number;
  beenClicked: boolean;
};

export type TPlannedPosting = {
  kind: TKind;
  index: number;
  status: number;
  updatedDaysAgo: number;
};

export type TDemoPlan = {
  postings: TPlannedPosting[];
  applications: TPlannedApplication[];
  history: TPlannedHistory[];
  notifications: TPlannedNotification[];
};

/** The path a notification's link stands for, given the posting's id. */
export const demoLink = (link: TPlannedNotification['link'], id: number) =>
  link.to === 'talent' ? postingPath(link.kind, id) : businessPath(link.kind, id, 'applicants');

/**
 * What the pipeline does differently per kind (docs/architecture.md "One marketplace for two
 * kinds"): which demo applications are a posting's, from which status it finishes, what its
 * finish tells the hired, and whether hiring shows the congratulations (projects only).
 */
const DEMO_KINDS: {
  [K in TKind]: {
    applications: readonly (TDemoProjectApplication | TDemoJobApplication)[];
    postingOf: (a: TDemoProjectApplication | TDemoJobApplication) => number;
    finishesFrom: (status: number) => boolean;
    finished: { type: TDemoNotificationType; texts: (name: string) => TTexts };
    congratulates: boolean;
  };
} = {
  project: {
    applications: DEMO_PROJECT_APPLICATIONS,
    postingOf: (a) => (a as TDemoProjectApplication).project,
    finishesFrom: (status) => status === PROJECT_STATUS.started,
    finished: { type: 'project_finished', texts: DEMO_TEXTS.projectFinished },
    congratulates: true,
  },
  job: {
    applications: DEMO_JOB_APPLICATIONS,
    postingOf: (a) => (a as TDemoJobApplication).job,
    finishesFrom: (status) => isRecruitingStatus('job', status),
    finished: { type: 'job_finished', texts: DEMO_TEXTS.jobFinished },
    congratulates: false,
  },
};

const fullName = (p: { name: string; lastName: string }) => `${p.name} ${p.lastName}`.trim();

/**
 * Plays every posting's events (applications, moves, start, ready to close, finish) in time
 * order with the server's rules, and answers what the database ends up holding. Throws on a
 * step the server would refuse, so the demo data cannot show an impossible state.
 */
export function planDemoPipeline(): TDemoPlan {
  const plan: TDemoPlan = { postings: [], applications: [], history: [], notifications: [] };
  const postings = [
    ...DEMO_PROJECTS.map((p, index) => ({ kind: 'project' as const, index, p })),
    ...DEMO_JOBS.map((p, index) => ({ kind: 'job' as const, index, p })),
  ];
  for (const { kind, index, p } of postings) {
    const where = `${kind} ${quoted(p.name)}`;
    const fail = (what: string) => {
      throw new Error(`Demo data: ${where}: ${what}`);
    };
    const owner: TDemoUserRef = { role: 'business', index: p.owner };
    const k = DEMO_KINDS[kind];
    const appsOf = k.applications.filter((a) => k.postingOf(a) === index);
    const apps = appsOf.map((a) => {
      const planned: TPlannedApplication = {
        kind,
        index: k.applications.indexOf(a),
        posting: index,
        talent: a.talent,
        status: applied,
        reason: null,
        appliedDaysAgo: a.appliedDaysAgo,
        updatedDaysAgo: a.appliedDaysAgo,
        readyToClose: false,
        shownAcceptedMessage: false,
      };
      plan.applications.push(planned);
      return { source: a, planned, at: plan.applications.length - 1 };
    });
    if (new Set(apps.map((a) => a.source.talent)).size !== apps.length) {
      fail('a talent applied twice');
    }

    const notify = (
      recipient: TDemoUserRef,
      type: TDemoNotificationType,
      [message, messageEs]: TTexts,
      to: 'talent' | 'owner',
      daysAgo: number,
    ) =>
      plan.notifications.push({
        recipient,
        type,
        message,
        messageEs,
        link: { kind, posting: index, to },
        daysAgo,
        beenClicked: daysAgo >= DEMO_UNREAD_WITHIN_DAYS,
      });
    const talentRef = (t: number): TDemoUserRef => ({ role: 'talent', index: t });
    const talentOf = (t: number) => {
      const talent = DEMO_TALENTS[t];
      if (!talent) fail(`no demo talent ${t}`);
      return talent!;
    };

    type TEvent = { daysAgo: number; run: () => void };
    const events: TEvent[] = [];
    let status: number = KINDS[kind].statuses.recruiting;
    let updatedDaysAgo = p.postedDaysAgo;
    const recruiting = () => isRecruitingStatus(kind, status);
    const hiredApps = () => apps.filter((a) => a.planned.status === hired);

    /** Rejects everyone still waiting, as starting or finishing a posting does. */
    const closeOpen = (daysAgo: number) => {
      for (const a of apps) {
        if (!OPEN_APPLICATION_STATUSES.includes(a.planned.status)) continue;
        const reason = POSITION_CLOSED[talentOf(a.source.talent).lang];
        plan.history.push({
          application: a.at,
          actor: owner,
          from: a.planned.status,
          to: rejected,
          reason,
          daysAgo,
        });
        Object.assign(a.planned, { status: rejected, reason, updatedDaysAgo: daysAgo });
        notify(
          talentRef(a.source.talent),
          'posting_closed',
          DEMO_TEXTS.postingClosed(p.name),
          'talent',
          daysAgo,
        );
      }
    };

    for (const a of apps) {
      const talent = talentOf(a.source.talent);
      events.push({
        daysAgo: a.source.appliedDaysAgo,
        run: () => {
          if (!recruiting() || -a.source.appliedDaysAgo > p.deadlineInDays + 1) {
            fail(`${talent.email} applied when it took no applications`);
          }
          notify(
            owner,
            'application_new',
            DEMO_TEXTS.applicationNew(fullName(talent), p.name),
            'owner',
            a.source.appliedDaysAgo,
          );
        },
      });
      for (const move of a.source.moves ?? []) {
        events.push({
          daysAgo: move.daysAgo,
          run: () => {
            const from = a.planned.status;
            const what = `${talent.email} ${from} → ${move.to}`;
            if (!recruiting()) fail(`${what}: the posting no longer recruits`);
            if (from === withdrawn || from === move.to) fail(`${what}: not a move`);
            if ((move.to === rejected) !== Boolean(move.reason)) {
              fail(`${what}: a reason goes with a rejection, and only there`);
            }
            const byTalent = move.to === withdrawn;
            if (byTalent && !OPEN_APPLICATION_STATUSES.includes(from)) {
              fail(`${what}: only an open application is withdrawn`);
            }
            const reason = move.reason ?? null;
            plan.history.push({
              application: a.at,
              actor: byTalent ? talentRef(a.source.talent) : moverOf(owner, move.to),
              from,
              to: move.to,
              reason,
              daysAgo: move.daysAgo,
            });
            Object.assign(a.planned, {
              status: move.to,
              reason,
              updatedDaysAgo: move.daysAgo,
              // Hiring on a project shows the congratulations once; moving away clears them.
              shownAcceptedMessage: k.congratulates && move.to === hired,
            });
            if (!byTalent) {
              notify(
                talentRef(a.source.talent),
                'application_status',
                DEMO_TEXTS.withReason(DEMO_TEXTS.status[move.to]!(p.name), reason),
                'talent',
                move.daysAgo,
              );
            }
          },
        });
      }
      const ready = 'readyToCloseDaysAgo' in a.source ? a.source.readyToCloseDaysAgo : undefined;
      if (ready !== undefined) {
        events.push({
          daysAgo: ready,
          run: () => {
            if (status !== PROJECT_STATUS.started || a.planned.status !== hired) {
              fail(`${talent.email} ready to close: not hired on a started project`);
            }
            Object.assign(a.planned, { readyToClose: true, updatedDaysAgo: ready });
            notify(
              owner,
              'ready_to_close',
              DEMO_TEXTS.readyToClose(fullName(talent), p.name),
              'owner',
              ready,
            );
          },
        });
      }
    }

    const started = 'startedDaysAgo' in p ? p.startedDaysAgo : undefined;
    if (started !== undefined) {
      events.push({
        daysAgo: started,
        run: () => {
          if (status !== PROJECT_STATUS.recruiting || hiredApps().length === 0) {
            fail('started without a hired talent');
          }
          status = PROJECT_STATUS.started;
          updatedDaysAgo = started;
          for (const h of hiredApps()) {
            notify(
              talentRef(h.source.talent),
              'project_started',
              DEMO_TEXTS.projectStarted(p.name),
              'talent',
              started,
            );
          }
          closeOpen(started);
        },
      });
    }
    const finished = p.finishedDaysAgo;
    if (finished !== undefined) {
      events.push({
        daysAgo: finished,
        run: () => {
          if (!k.finishesFrom(status)) {
            fail('finished from a status that cannot finish');
          }
          if (hiredApps().length === 0) fail('finished without a hired talent');
          status = KINDS[kind].statuses.finished;
          updatedDaysAgo = finished;
          for (const h of hiredApps()) {
            notify(
              talentRef(h.source.talent),
              k.finished.type,
              k.finished.texts(p.name),
              'talent',
              finished,
            );
          }
          closeOpen(finished);
        },
      });
    }

    // Oldest first; two events of one posting never share a moment.
    events.sort((x, y) => y.daysAgo - x.daysAgo);
    for (const [i, e] of events.entries()) {
      if (!(e.daysAgo > 0 && e.daysAgo < p.postedDaysAgo)) fail(`an event outside its life`);
      if (i > 0 && events[i - 1]!.daysAgo === e.daysAgo) fail(`two events at ${e.daysAgo} days`);
      e.run();
    }
    if (status !== p.status) fail(`ends ${status}, but says ${p.status}`);
    for (const a of apps) {
      if ('congratulationsSeen' in a.source && a.source.congratulationsSeen) {
        if (a.planned.status !== hired) fail('congratulations seen by someone not hired');
        a.planned.shownAcceptedMessage = false;
      }
    }
    plan.postings.push({ kind, index, status, updatedDaysAgo });
  }
  return plan;
}

/** What db/seed.ts writes besides the accounts and postings. */
export const DEMO_PLAN: TDemoPlan = planDemoPipeline();
