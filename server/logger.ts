import { serverEnv } from '@/lib/env';

type TLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<TLevel | 'silent', number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
};

export type TLogSink = (line: string) => void;
let sink: TLogSink = (line) => process.stdout.write(`${line}\n`);

/** Tests capture the log lines to prove no secret is ever written. */
export function setLogSink(next: TLogSink): TLogSink {
  const previous = sink;
  sink = next;
  return previous;
}

/** Structured JSON lines. Callers pass facts, never request bodies, passwords, codes or tokens. */
export function log(level: TLevel, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < ORDER[serverEnv().LOG_LEVEL]) return;
  sink(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
}

/**
 * What may be logged of an unexpected error. A failed query's message quotes its SQL parameters
 * (password hashes, e-mails, codes), so a database error is logged by its class and SQLSTATE only.
 */
export function safeErrorFields(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return { error: typeof error };
  const cause = (error as { cause?: unknown }).cause;
  const sqlState = [error, cause]
    .map((e) => (e as { code?: unknown } | undefined)?.code)
    .find((code): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
  const fromDatabase = sqlState !== undefined || 'query' in error || 'params' in error;
  return fromDatabase
    ? { error: error.name, ...(sqlState ? { sqlState } : {}) }
    : { error: `${error.name}: ${error.message}` };
}
