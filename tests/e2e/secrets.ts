import fs from 'node:fs';
import path from 'node:path';

const FILE = path.join(process.env.E2E_WORK_DIR ?? '.', 'secrets.txt');

/**
 * Records a password, code or token a journey used; after the run, tests/e2e/log-scan.ts checks
 * that the server log holds none of them.
 */
export const secretsSeen = {
  add(secret: string) {
    fs.appendFileSync(FILE, `${secret}\n`);
  },
  all(): string[] {
    return fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8').split('\n').filter(Boolean) : [];
  },
};
