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
