import fs from 'node:fs';
import path from 'node:path';
import { codeLineInMail, mailBody } from '../helpers/smtp-peer';

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';

/**
 * The newest message for `to` received after `since` (ms) that contains `contains` (when given),
 * waiting up to `timeoutMs`: the files the SMTP peer of scripts/e2e.mjs saves
 * (scripts/lib/smtp-peer.mjs), decoded by tests/helpers/smtp-peer.ts. The files are read at least
 * once, so a timeout of 0 asks "is there one now?". `contains` tells the message looked for from
 * the others a person gets meanwhile (registration's confirmation link, say).
 */
export async function waitForMail(
  to: string,
  since: number,
  timeoutMs = 10_000,
  contains?: string,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort().reverse() : [];
    for (const f of files.filter((name) => Number(name.split('-')[0]) >= since)) {
      const raw = mailBody(fs.readFileSync(path.join(MAIL_DIR, f), 'utf8'));
      if (!raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
      if (contains === undefined || raw.includes(contains)) return raw;
    }
    if (Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail for ${to}`);
}

/** The recovery code as the message shows it (4+4+4 digits); throws when there is none. */
export function recoveryCodeIn(raw: string): string {
  const code = codeLineInMail(raw);
  if (!code) throw new Error('No recovery code in the message');
  return code;
}
