import fs from 'node:fs';
import path from 'node:path';

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';

/** The newest message for `to` received after `since` (ms), waiting up to `timeoutMs`. */
export async function waitForMail(to: string, since: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort().reverse() : [];
    for (const f of files.filter((name) => Number(name.split('-')[0]) >= since)) {
      const raw = decodeQuotedPrintable(fs.readFileSync(path.join(MAIL_DIR, f), 'utf8'));
      if (raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) return raw;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail for ${to}`);
}

/** The recovery code as the message shows it: the line of the text part that holds 4+4+4 digits. */
export function recoveryCodeIn(raw: string): string {
  const match = /^(\d{4} \d{4} \d{4})\r?$/m.exec(raw);
  if (!match) throw new Error('No recovery code in the message');
  return match[1]!;
}

/** Undoes quoted-printable (soft breaks, =XX bytes) so texts with accents can be matched. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return joined.replace(/(=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((h) => parseInt(h, 16)),
    ).toString('utf8'),
  );
}
