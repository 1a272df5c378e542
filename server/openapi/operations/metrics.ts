import { defineOperations } from '../registry';

// GET /api/metrics (docs/architecture.md "Metrics"): the bearer token is METRICS_TOKEN, not a
// user's, so the operation is described as open; without the token it answers 404.
export const metricsOperations = defineOperations([
  {
    method: 'get',
    path: '/metrics',
    summary: 'Prometheus metrics of this instance (Authorization: Bearer METRICS_TOKEN)',
    tag: 'Operations',
    auth: 'none',
    responses: {
      200: {
        contentType: 'text/plain',
        description:
          'Prometheus text format: requests and durations per route pattern, database pool, open streams, job queue depth and failures, process metrics. 404 without the token.',
      },
    },
  },
]);
