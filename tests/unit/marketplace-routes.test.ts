import { describe, expect, it } from 'vitest';
import { KINDS, POSTING_KINDS } from '@/lib/kinds';
import { marketplaceRoutes } from '@/server/routes/marketplace';

// The marketplace's routes are written once and mounted per kind (docs/architecture.md "One
// marketplace for two kinds"); the HTTP contract (docs/api.md "Marketplace", "Pipeline and
// lifecycle", "On-chain records") is what two hand-written sets of routes gave.

/** Each route once (a route with a role check lists its check and its handler). */
const mounted = () => [
  ...new Set(
    marketplaceRoutes.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`),
  ),
];

describe('the marketplace routes', () => {
  it('answer every call of docs/api.md for projects and jobs, and no other', () => {
    const expected = [
      ...POSTING_KINDS.flatMap((kind) => {
        const { postings: p, applications: a } = KINDS[kind];
        return [
          `GET /${p}`,
          `GET /${p}/:id`,
          `POST /${p}`,
          `PATCH /${p}`,
          `DELETE /${p}`,
          `POST /${a}`,
          `PATCH /${a}`,
          `DELETE /${a}`,
          `GET /${p}/:id/applications`,
          `POST /${a}/changeApplicationStatus`,
          `POST /${p}/end`,
          `PATCH /${a}/update_wallet`,
        ];
      }),
      'POST /projects/start',
      'POST /project_applications/readytoclose',
      'GET /me/applications',
      'GET /me/postings',
      'GET /talents',
    ];
    expect(mounted().sort()).toEqual([...expected].sort());
  });

  it('mount the same routes for jobs as for projects, but the start and ready-to-close', () => {
    const asProject = (route: string) =>
      route.replace('/job_applications', '/project_applications').replace('/jobs', '/projects');
    const jobs = mounted().filter((r) => /\/jobs?(_applications)?\b/.test(r));
    const projects = mounted().filter((r) => /\/projects?(_applications)?\b/.test(r));
    expect(projects.filter((r) => !jobs.map(asProject).includes(r))).toEqual([
      'POST /projects/start',
      'POST /project_applications/readytoclose',
    ]);
    expect(jobs).toHaveLength(12);
  });
});
