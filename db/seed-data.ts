import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';

// What the demo database holds (db/seed.ts writes it). Texts in English and Spanish, as users
// of both languages would write them; money in minor units.

export const DEMO_ACCOUNTS = {
  password: 'Demo-pass-2026',
  talents: [
    'ana.talent@demo.talentchain.dev',
    'diego.talent@demo.talentchain.dev',
    'lucia.talent@demo.talentchain.dev',
  ],
  businesses: ['maria.business@demo.talentchain.dev', 'john.business@demo.talentchain.dev'],
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
  study: { name: string; course: string; start: string; end: string | null };
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

/** `owner` indexes DEMO_BUSINESSES. */
export const DEMO_PROJECTS = [
  {
    owner: 0,
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
  },
  {
    owner: 0,
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
  },
  {
    owner: 1,
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
  },
];

export const DEMO_JOBS = [
  {
    owner: 1,
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
  },
  {
    owner: 0,
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
  },
  {
    owner: 1,
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
  },
];

/** `talent` indexes DEMO_TALENTS, `project`/`job` the lists above; status per APPLICATION_STATUS. */
export const DEMO_PROJECT_APPLICATIONS = [
  {
    talent: 1,
    project: 1,
    proposal: 'He integrado pagos con Algorand en dos productos; propongo hacerlo en 5 semanas.',
    price: 380_000,
    weeks: 5,
    accepted: APPLICATION_STATUS.hired,
  },
  {
    talent: 0,
    project: 0,
    proposal: 'Puedo entregar la tienda con pagos locales y un panel de pedidos.',
    price: 800_000,
    weeks: 8,
    accepted: APPLICATION_STATUS.applied,
  },
  {
    talent: 2,
    project: 2,
    proposal: 'I would start with user interviews, then design and build the dashboard.',
    price: 580_000,
    weeks: 10,
    accepted: APPLICATION_STATUS.shortlisted,
  },
];

export const DEMO_JOB_APPLICATIONS = [
  {
    talent: 1,
    job: 2,
    summary: 'I have audited escrow contracts on two chains.',
    experience: 'Three audits in production.',
    selected: APPLICATION_STATUS.hired,
  },
  {
    talent: 0,
    job: 0,
    summary: 'Llevo tres años liderando front-ends en React.',
    experience: 'Andes Labs, Pago Fácil.',
    selected: APPLICATION_STATUS.applied,
  },
  {
    talent: 2,
    job: 1,
    summary: 'Product designer with research experience.',
    experience: 'Studio Norte design system.',
    selected: APPLICATION_STATUS.shortlisted,
  },
];
