import { eq, sql } from 'drizzle-orm';
import { companies, companyMembers } from './schema';
import type { Db } from './types';

// A company comes with its first owner (docs/product.md "Companies and teams"): at a business's
// registration, or when a talent saves a workplace that makes them a business.

/**
 * Creates a company named `name` with `ownerId` as its owner, in the caller's transaction. Its
 * slug is the name's (`tc_slug`, db/migrations/0008_companies.sql), with the company's id after it
 * when another company has it or is taking it at the same moment.
 */
export async function createCompany(
  tx: Db,
  input: { name: string; ownerId: number; now: Date },
): Promise<{ id: number; slug: string }> {
  const name = input.name.trim().slice(0, 150);
  const [row] = await tx
    .insert(companies)
    .values({
      name,
      slug: sql`'~' || gen_random_uuid()::text`, // named below; no slug begins with ~
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: companies.id });
  const id = row!.id;
  // The name's slug when free, else with the id after it. The transaction-scoped advisory lock on
  // the slug makes two companies of one name created at the same moment take different slugs:
  // one holds the lock until it commits, the other (refused the lock) takes the suffixed slug.
  const base = sql`public.tc_slug(${name})`;
  const [named] = await tx
    .update(companies)
    .set({
      slug: sql`case when pg_try_advisory_xact_lock(hashtext('company-slug:' || ${base}))
          and not exists (select 1 from companies c where c.slug = ${base})
        then ${base} else ${base} || '-' || ${id} end`,
    })
    .where(eq(companies.id, id))
    .returning({ slug: companies.slug });
  await tx
    .insert(companyMembers)
    .values({ companyId: id, userId: input.ownerId, role: 'owner', joinedAt: input.now });
  return { id, slug: named!.slug };
}

/**
 * A user who becomes a business (a workplace saved with `enable_business`) gets a company named
 * after it, unless they already belong to one.
 */
export async function ensureCompany(tx: Db, input: { name: string; ownerId: number; now: Date }) {
  const [member] = await tx
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, input.ownerId))
    .limit(1);
  if (!member) await createCompany(tx, input);
}
