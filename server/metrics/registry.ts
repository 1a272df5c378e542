import client from 'prom-client';

// The process's metrics (docs/architecture.md "Metrics"): one prom-client registry per process,
// kept under a global symbol because Next.js bundles server modules more than once (the API route,
// the start-up) and both copies must count into the same registry. Labels are bounded: the route
// is Hono's pattern (`/api/users/id/:id`), never the raw path, so a client cannot grow the label
// set by asking for made-up URLs.

export type TMetrics = {
  registry: client.Registry;
  requests: client.Counter<'method' | 'route' | 'status'>;
  duration: client.Histogram<'method' | 'route' | 'status'>;
  openStreams: client.Gauge;
  pool: client.Gauge<'state'>;
  queueDepth: client.Gauge<'queue'>;
  queueFailed: client.Gauge<'queue'>;
};

const KEY = Symbol.for('talentchain.metrics');

function create(): TMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const statusLabels = ['method', 'route', 'status'] as const;
  return {
    registry,
    requests: new client.Counter({
      name: 'http_requests_total',
      help: 'API requests answered, by method, route pattern and status class.',
      labelNames: statusLabels,
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to the answer (its headers, for a stream), by method, route pattern and status class.',
      labelNames: statusLabels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.3, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    openStreams: new client.Gauge({
      name: 'notification_streams_open',
      help: 'Notification streams (Server-Sent Events) open on this instance.',
      registers: [registry],
    }),
    pool: new client.Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one (PostgreSQL only).',
      labelNames: ['state'],
      registers: [registry],
    }),
    queueDepth: new client.Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting to run (created or to retry), by queue.',
      labelNames: ['queue'],
      registers: [registry],
    }),
    queueFailed: new client.Gauge({
      name: 'job_queue_failed',
      help: 'Jobs that failed for good and are still kept, by queue.',
      labelNames: ['queue'],
      registers: [registry],
    }),
  };
}

/** The process's metrics, made on first use. */
export function metrics(): TMetrics {
  const holder = globalThis as { [KEY]?: TMetrics };
  return (holder[KEY] ??= create());
}
