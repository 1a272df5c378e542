import { timingSafeEqual, createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { QUEUE_SCHEMA } from '@/db/queue';
import type { Db } from '@/db/types';
import type { TAppEnv, TDeps } from '@/server/context';
import { notFound } from '@/server/http/error-handler';
import { metrics } from './registry';

// Request metrics and GET /api/metrics (docs/architecture.md "Metrics").

/**
 * The route pattern that answered (`/api/users/id/:id`), or `unmatched`: the last matched route
 * registered for a method, as middleware is registered for every method ('ALL').
 */
function routeOf(c: Context<TAppEnv>) {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  }
  return 'unmatched';
}

/** Counts each request and times it, by method, route pattern and status class. */
export const recordRequests: MiddlewareHandler<TAppEnv> = async (c, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    const m = metrics();
    const labels = {
      method: c.req.method,
      route: routeOf(c),
      status: `${Math.floor((c.res?.status ?? 500) / 100)}xx`,
    };
    m.requests.inc(labels);
    m.duration.observe(labels, (performance.now() - started) / 1000);
  }
};

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison of the bearer token with the configured one (hashes: equal lengths). */
function tokenMatches(header: string | undefined, token: string | undefined) {
  if (!token || !header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

/** The pool's and the queue's gauges, read now. A database that is down leaves them as they were. */
async function readDatabaseGauges(db: Db) {
  const m = metrics();
  const pool = (db as unknown as { $client: Record<string, unknown> }).$client;
  if (typeof pool.totalCount === 'number') {
    m.pool.set({ state: 'total' }, pool.totalCount);
    m.pool.set({ state: 'idle' }, Number(pool.idleCount));
    m.pool.set({ state: 'waiting' }, Number(pool.waitingCount));
  }
  const result = (await db.execute(
    sql.raw(
      `select name, count(*) filter (where state in ('created', 'retry'))::int as waiting,
              count(*) filter (where state = 'failed')::int as failed
         from ${QUEUE_SCHEMA}.job group by name`,
    ),
  )) as unknown as { rows: { name: string; waiting: number; failed: number }[] };
  m.queueDepth.reset();
  m.queueFailed.reset();
  for (const row of result.rows) {
    m.queueDepth.set({ queue: row.name }, Number(row.waiting));
    m.queueFailed.set({ queue: row.name }, Number(row.failed));
  }
}

/**
 * GET /api/metrics in Prometheus' text format, for whoever holds METRICS_TOKEN
 * (`Authorization: Bearer …`). Without the token configured, or with a wrong one, it answers as a
 * route that does not exist.
 */
export function metricsHandler(deps: TDeps) {
  return async (c: Context<TAppEnv>) => {
    if (!tokenMatches(c.req.header('authorization'), deps.metricsToken)) return notFound(c);
    try {
      await readDatabaseGauges(await deps.getDb());
    } catch {
      // The database is down: the process's own figures still answer.
    }
    const { registry } = metrics();
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  };
}
