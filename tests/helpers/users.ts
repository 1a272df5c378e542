import { createCompany } from '@/db/companies';
import type { Db } from '@/db/types';
import { users } from '@/db/schema';
import { hashPassword } from '@/server/auth/password';
import { signAccessToken } from '@/server/auth/tokens';
import type { TDeps } from '@/server/context';

let counter = 0;

export type TTestUser = {
  id: number;
  email: string;
  password: string;
  token: string;
  isTalent: boolean;
  /** A business's own company, of which it is the owner (null for a talent, or `company: false`). */
  companyId: number | null;
};

/**
 * Inserts a user straight into the database and signs a token for them. A business gets a company
 * of its own, as at registration, unless `company` is false (a team member to be).
 */
export async function createUser(
  db: Db,
  deps: Pick<TDeps, 'jwtSecret' | 'now'>,
  opts: {
    isTalent?: boolean;
    email?: string;
    name?: string;
    password?: string;
    lang?: 'en' | 'es';
    company?: boolean;
  } = {},
): Promise<TTestUser> {
  counter += 1;
  const email = opts.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = opts.password ?? 'correct horse battery';
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      isTalent: opts.isTalent ?? true,
      name: opts.name ?? `User ${counter}`,
      lastName: 'Test',
      lang: opts.lang ?? 'en',
    })
    .returning();
  const token = await signAccessToken(
    { userId: row!.id, version: row!.tokenVersion },
    deps.jwtSecret,
    deps.now(),
  );
  const company =
    !row!.isTalent && opts.company !== false
      ? await createCompany(db, { name: `${row!.name} Co`, ownerId: row!.id, now: deps.now() })
      : null;
  return {
    id: row!.id,
    email,
    password,
    token,
    isTalent: row!.isTalent,
    companyId: company?.id ?? null,
  };
}

/** What users are made in: createTestApi()'s database and deps, or a test's own. */
export type TUserStore = { db: Db; deps: Pick<TDeps, 'jwtSecret' | 'now'> };
type TUserOpts = Omit<NonNullable<Parameters<typeof createUser>[2]>, 'isTalent'>;

/** A business account, signed in. */
export const createBusiness = (on: TUserStore, opts: TUserOpts = {}) =>
  createUser(on.db, on.deps, { ...opts, isTalent: false });

/** A talent account, signed in. */
export const createTalent = (on: TUserStore, opts: TUserOpts = {}) =>
  createUser(on.db, on.deps, { ...opts, isTalent: true });

/** One business per name, made in that order (a file's cast, in its beforeAll). */
export async function createBusinesses<N extends string[]>(on: TUserStore, ...names: N) {
  const made: TTestUser[] = [];
  for (const name of names) made.push(await createBusiness(on, { name }));
  return made as { [K in keyof N]: TTestUser };
}

/** One talent per name, made in that order. */
export async function createTalents<N extends string[]>(on: TUserStore, ...names: N) {
  const made: TTestUser[] = [];
  for (const name of names) made.push(await createTalent(on, { name }));
  return made as { [K in keyof N]: TTestUser };
}
