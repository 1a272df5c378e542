import path from 'node:path';
import { openDatabase } from '@/db/client';
import { serverEnv } from '@/lib/env';
import { runOperatorCommand } from '@/server/services/trust/operator-command';

// `npm run operator -- grant EMAIL | revoke EMAIL | list` (docs/product.md "Operators"): on the
// database the app uses (DATABASE_URL, or PGlite in DATA_DIR, which the app must not hold then).

const env = serverEnv();
void runOperatorCommand(process.argv.slice(2), {
  open: () =>
    openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL }
        : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) },
    ),
  operators: env.OPERATORS,
  now: () => new Date(),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then((code) => process.exit(code));
