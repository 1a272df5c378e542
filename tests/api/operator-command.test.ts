import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { operatorAudit, users } from '@/db/schema';
import { runOperatorCommand, type TCommandIo } from '@/server/services/trust/operator-command';
import { createTestApi } from '../helpers/api';
import { createTalent } from '../helpers/users';

// `npm run operator -- grant EMAIL | revoke EMAIL | list` (docs/product.md "Operators"): the
// command's verbs on the app's database, audited without an operator; an unknown e-mail and a
// data directory the app holds are refused clearly, with a non-zero exit. Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL.

let api: Awaited<ReturnType<typeof createTestApi>>;

beforeAll(async () => {
  api = await createTestApi({ operators: ['listed@example.com'] });
});
afterAll(async () => api.close());

/** The command on the test's database (left open for the test), its lines kept. */
function io(over: Partial<TCommandIo> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const run: TCommandIo = {
    open: async () => ({
      db: api.db,
      kind: 'pglite',
      listen: async () => async () => {},
      close: async () => {},
    }),
    operators: ['listed@example.com'],
    now: () => api.clock.now,
    out: (l) => void out.push(l),
    err: (l) => void err.push(l),
    ...over,
  };
  return { run, out, err };
}

const auditOf = async (userId: number) =>
  (await api.db.select().from(operatorAudit).orderBy(operatorAudit.id)).filter(
    (a) => (a.target as { user_id?: number }).user_id === userId,
  );

describe('npm run operator', () => {
  it('grants (any case of the e-mail), audited; the account can use the console; granting again does nothing', async () => {
    const olga = await createTalent(api, { email: 'Olga.Op@example.com', name: 'Olga' });
    expect((await api.call('GET', '/admin/audit', { token: olga.token })).status).toBe(404);
    const { run, out } = io();
    expect(await runOperatorCommand(['grant', 'olga.op@EXAMPLE.com'], run)).toBe(0);
    expect(out.join('\n')).toContain('Olga.Op@example.com is now an operator.');
    const [row] = await api.db.select().from(users).where(eq(users.id, olga.id));
    expect(row!.isOperator).toBe(true);
    expect((await api.call('GET', '/admin/audit', { token: olga.token })).status).toBe(200);
    expect(await auditOf(olga.id)).toEqual([
      expect.objectContaining({
        operatorId: null,
        action: 'operator.granted',
        target: { user_id: olga.id, email: 'Olga.Op@example.com' },
      }),
    ]);
    expect(await runOperatorCommand(['grant', 'olga.op@example.com'], io().run)).toBe(0);
    expect(await auditOf(olga.id)).toHaveLength(1);

    const revoked = io();
    expect(await runOperatorCommand(['revoke', 'olga.op@example.com'], revoked.run)).toBe(0);
    expect(revoked.out.join('\n')).toContain('no longer an operator');
    expect((await api.call('GET', '/admin/audit', { token: olga.token })).status).toBe(404);
    expect((await auditOf(olga.id)).map((a) => a.action)).toEqual([
      'operator.granted',
      'operator.revoked',
    ]);
  });

  it('lists the granted and the listed operators, saying which listed e-mail is not confirmed', async () => {
    const gus = await createTalent(api, { email: 'gus@example.com', name: 'Gus' });
    await createTalent(api, { email: 'listed@example.com', name: 'Lis' });
    await runOperatorCommand(['grant', 'gus@example.com'], io().run);
    const { run, out } = io();
    expect(await runOperatorCommand(['list'], run)).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('gus@example.com\tGus Test\t(granted)');
    expect(text).toContain(
      'listed@example.com\tLis Test\t(OPERATORS, e-mail not confirmed yet: not an operator)',
    );
    expect(gus.id).toBeGreaterThan(0);
  });

  it('refuses an unknown e-mail and a bad usage with exit 1, changing nothing', async () => {
    const before = (await api.db.select().from(operatorAudit)).length;
    const unknown = io();
    expect(await runOperatorCommand(['grant', 'nobody@example.com'], unknown.run)).toBe(1);
    expect(unknown.err).toEqual([
      'No account has the e-mail nobody@example.com. Nothing was changed.',
    ]);
    for (const args of [
      [],
      ['grant'],
      ['promote', 'x@example.com'],
      ['list', 'x'],
      ['grant', 'a', 'b'],
    ]) {
      const bad = io();
      expect(await runOperatorCommand(args, bad.run), args.join(' ')).toBe(1);
      expect(bad.err[0]).toContain('Usage: npm run operator');
    }
    expect((await api.db.select().from(operatorAudit)).length).toBe(before);
  });

  it('says clearly that the app holds the data directory, and exits 2', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-operator-'));
    // The lock as a running app leaves it: another process's (this one's parent, which runs).
    fs.writeFileSync(path.join(dir, '.lock'), String(process.ppid));
    try {
      const { run, err } = io({ open: () => openDatabase({ kind: 'pglite', dataDir: dir }) });
      expect(await runOperatorCommand(['grant', 'someone@example.com'], run)).toBe(2);
      expect(err.join('\n')).toMatch(/already in use by process \d+/);
      expect(err.join('\n')).toContain('The app is running on this data directory: stop it');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
