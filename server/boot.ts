import { getDb, getDbHandle } from '@/db/client';
import { serverEnv } from '@/lib/env';
import { createDefaultDeps } from './deps';
import { log, safeErrorFields } from './logger';
import { scheduleHousekeeping } from './services/housekeeping';
import { startJobs } from './queue/jobs';
import { seedOnStart } from './start-up';

/** What PostgreSQL's refusals at connection time mean for the operator. */
const START_ERRORS: Record<string, string> = {
  '3D000': 'the database named in DATABASE_URL does not exist; create it first',
  '28P01': 'PostgreSQL refused the password in DATABASE_URL',
  '28000': 'PostgreSQL refused the user in DATABASE_URL',
};

/**
 * At server start: open the database (taking the data directory's lock) and apply the
 * migrations, so a second process on the same directory fails at once, clearly; seed the demo
 * data (README "Demo sign-ins"); then purge expired rows now and every 10 minutes, and start the
 * job queue, which sends the outbox's e-mails (docs/architecture.md "E-mail outbox and job queue"). How long the opening and the seeding
 * took is logged (docs/architecture.md "Start-up").
 */
try {
  const started = performance.now();
  const { db, kind } = await getDbHandle();
  const opened = performance.now();
  await seedOnStart(db, serverEnv());
  const ms = (from: number, to: number) => Math.round(to - from);
  log('info', 'database ready', {
    kind,
    openMs: ms(started, opened),
    seedMs: ms(opened, performance.now()),
    sinceProcessStartMs: Math.round(process.uptime() * 1000),
  });
  scheduleHousekeeping(getDb);
  // The job queue: its failure to start is logged, and the outbox keeps every e-mail for later.
  await startJobs(createDefaultDeps()).catch((err: unknown) =>
    log('error', 'job queue not started', safeErrorFields(err)),
  );
} catch (err) {
  // The data-directory lock's message says what to do; a failed query is named, never quoted,
  // with its SQLSTATE and, for the usual mistakes in DATABASE_URL, what it means.
  const { error, sqlState } = safeErrorFields(err);
  const hint = sqlState && START_ERRORS[sqlState];
  const state = sqlState ? ` (SQLSTATE ${sqlState}${hint ? `: ${hint}` : ''})` : '';
  console.error(`Cannot start: ${error}${state}`);
  process.exit(1);
}
