import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { secretsSeen } from './secrets';

/**
 * The browser journeys' global setup (vitest.e2e.config.mts). Its teardown runs once after every
 * test file, whatever their names or order, and reads the server's log of the whole run: it must
 * hold structured request lines and none of the passwords, codes or tokens the journeys used.
 *
 * Vitest only logs an error thrown by a teardown and still exits 0, so a failure here sets
 * process.exitCode itself; `npm run test:e2e` passes that code on.
 */

/** Passwords the journeys type wrong on purpose: they must not reach the log either. */
const WRONG_PASSWORDS = ['not the password', 'still not it', 'whatever passphrase'];
const JWT = /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\./;
const SQL = /Failed query|\bselect\b[^\n]*\bfrom\b|\binsert into\b|"params":/i;

/** A secret named in a report without printing it: its first characters and its length. */
const hint = (secret: string) => `"${secret.slice(0, 3)}…" (${secret.length} characters)`;
const lineOf = (log: string, index: number) => log.slice(0, index).split('\n').length;

/**
 * What is wrong with the server log: `secrets` is everything the journeys recorded;
 * `fullRun` (every journey ran) also asks that they recorded enough for the scan to mean something.
 */
export function scanServerLog(log: string, secrets: string[], fullRun: boolean): string[] {
  const problems: string[] = [];
  if (!/"msg":"request"/.test(log)) problems.push('no structured request line ("msg":"request")');
  const all = [...secrets, ...WRONG_PASSWORDS];
  if (fullRun && all.length <= 5)
    problems.push(`only ${all.length} secrets recorded; the journeys should record more than 5`);
  for (const secret of new Set(all)) {
    const at = log.indexOf(secret);
    if (at !== -1) problems.push(`a secret, ${hint(secret)}, on line ${lineOf(log, at)}`);
  }
  const jwt = JWT.exec(log);
  if (jwt) problems.push(`a JWT-shaped token on line ${lineOf(log, jwt.index)}`);
  // A failed query's text and parameters (docs/security.md "Errors and logs").
  const query = SQL.exec(log);
  if (query) problems.push(`SQL text or parameters on line ${lineOf(log, query.index)}`);
  return problems;
}

let project: TestProject | undefined;

export function setup(p: TestProject) {
  project = p;
}

export async function teardown() {
  const file = path.join(process.env.E2E_WORK_DIR ?? '', 'server.log');
  let problems: string[];
  if (!process.env.E2E_WORK_DIR || !fs.existsSync(file)) {
    problems = [`no server log at ${file} (run the journeys with \`npm run test:e2e\`)`];
  } else {
    const ran = new Set(project?.vitest.state.getFiles().map((f) => f.filepath) ?? []);
    const every = (await project?.globTestFiles())?.testFiles ?? [];
    const fullRun = every.length > 0 && every.every((f) => ran.has(f));
    problems = scanServerLog(fs.readFileSync(file, 'utf8'), secretsSeen.all(), fullRun);
  }
  if (problems.length > 0) {
    console.error(
      `\nServer log check failed (tests/e2e/log-scan.ts, ${file}):\n  ${problems.join('\n  ')}\n`,
    );
    process.exitCode = 1;
  } else {
    console.log(`\nServer log check passed: ${secretsSeen.all().length} recorded secrets absent.`);
  }
}
