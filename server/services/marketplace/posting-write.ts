import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { countries, type projects } from '@/db/schema';
import { isCurrency } from '@/lib/currencies';
import { KINDS, postingStatusOf, type TPostingKind } from '@/lib/kinds';
import {
  earliestToday,
  KIND_SCHEMAS,
  type TJobFields,
  type TProjectFields,
} from '@/lib/schemas/marketplace';
import type { TCtx } from '@/server/context';
import { AppError, fieldError, type TFieldProblem } from '@/server/errors';
import { parseWith } from '@/server/lib/validate';
import { audit } from '@/server/services/companies/audit';
import { assertCompanyCan, chosenCompany } from '@/server/services/companies/permissions';
import { sentFields } from '@/server/services/profile/common';
import { companySubject, takeRateLimits } from '@/server/services/rate-limit';
import { queueAlertMatch } from '@/server/services/discovery/alerts';
import { SERVER_KINDS } from './kinds';
import { notRecruiting, postingNotFound, type TKind } from './posting-dto';
import { getPosting } from './posting-page';

// A business posts and edits its projects and jobs (docs/api.md "Marketplace", docs/product.md
// "Marketplace"): one verb for both kinds, the kind in its input.

/** A posting's fields, by kind, as its schema gives them. */
export type TPostingFields = { project: TProjectFields; job: TJobFields };
/**
 * `createPosting`'s input: the kind and its fields (the route parses them with the kind's schema,
 * `KIND_SCHEMAS[kind].posting`).
 */
export type TNewPosting = { kind: TPostingKind } & (TProjectFields | TJobFields);
/** `updatePosting`'s input: the kind, the id, and any of its fields. */
export type TPostingPatch = { kind: TPostingKind; id: number } & Partial<
  TProjectFields | TJobFields
>;

/** The checks a schema cannot make: a known currency and country, a deadline by the request's clock. */
async function referenceProblems(
  ctx: TCtx,
  p: { currency: string; country_code?: string | null; end_date?: string | null },
  sent: Record<string, unknown>,
) {
  const errors: TFieldProblem[] = [];
  if (!isCurrency(p.currency)) errors.push(fieldError('currency', 'currency'));
  if (p.country_code) {
    const [country] = await ctx.db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, p.country_code));
    if (!country) errors.push(fieldError('country_code', 'country'));
  }
  // A stored deadline that has since passed is not the business's error unless they send it.
  if ('end_date' in sent && p.end_date && p.end_date < earliestToday(ctx.now)) {
    errors.push(fieldError('end_date', 'date_past'));
  }
  if (errors.length > 0) throw new AppError('invalid_input', { errors });
}

/** Each kind's fields as its table's columns. */
const COLUMNS = {
  project: (p: TProjectFields) => ({
    name: p.name,
    summary: p.summary,
    description: p.description,
    skills: p.skills,
    budget: p.budget,
    currency: p.currency,
    weeks: p.weeks,
    modality: p.modality,
    countryCode: p.country_code ?? null,
    endDate: p.end_date ?? null,
  }),
  job: (j: TJobFields) => ({
    name: j.name,
    summary: j.summary,
    description: j.description,
    requirements: j.requirements ?? null,
    skills: j.skills,
    contractType: j.contract_type,
    minSalary: j.min_salary ?? null,
    maxSalary: j.max_salary ?? null,
    currency: j.currency,
    modality: j.modality,
    countryCode: j.country_code ?? null,
    endDate: j.end_date ?? null,
  }),
} satisfies { [K in TPostingKind]: (fields: TPostingFields[K]) => object };

/** A kind's fields as columns, whichever the kind (the fields are that kind's). */
const columnsOf = (kind: TKind, fields: TProjectFields | TJobFields) =>
  (COLUMNS[kind] as (f: TProjectFields | TJobFields) => typeof projects.$inferInsert)(fields);

/**
 * The limits of new postings (docs/security.md "Rate limits"), taken once the input is valid:
 * per company and, much higher, per address (an office shares one).
 */
function takePostingLimits(ctx: TCtx, companyId: number) {
  return takeRateLimits(
    ctx,
    [
      { name: 'postingsPerCompany', subject: companySubject(companyId) },
      { name: 'postingsPerAddress', subject: ctx.ip },
    ],
    {
      message: 'Too many postings in a short time. Please wait and try again.',
      messageEs:
        'Demasiadas publicaciones en poco tiempo. Espera un momento y vuelve a intentarlo.',
    },
  );
}

/**
 * `POST /projects`, `POST /jobs`: a business posts (docs/product.md "Marketplace"), for its chosen
 * company (an owner or admin of it; docs/api.md "Companies and teams").
 */
export async function createPosting(
  ctx: TCtx,
  input: TNewPosting & { company_id?: number | null },
) {
  const { kind, company_id, ...fields } = input;
  const { me, companyId } = await chosenCompany(ctx, company_id, 'postings.write');
  await referenceProblems(ctx, fields, fields);
  await takePostingLimits(ctx, companyId);
  const table = SERVER_KINDS[kind].postingTable as typeof projects;
  const { id, wake } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(table)
      .values({
        ...columnsOf(kind, fields),
        companyId,
        ownerId: me.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: table.id });
    await audit(tx, {
      companyId,
      actorId: me.id,
      action: 'posting.created',
      target: { type: kind, id: row!.id, label: fields.name },
      now: ctx.now,
    });
    // The saved searches it matches are alerted by the job queue (docs/product.md "Saved searches and alerts").
    return { id: row!.id, wake: await queueAlertMatch(tx, kind, row!.id) };
  });
  wake();
  return getPosting(ctx, { kind, id });
}

/**
 * The posting, still recruiting, if the caller may edit it (an owner or admin of its company);
 * a non-member is answered "not found" (no existence leak).
 */
async function editableRecruiting(ctx: TCtx, kind: TKind, id: number) {
  const posting = await getPosting(ctx, { kind, id });
  const { me } = await assertCompanyCan(ctx, posting.company.id, 'postings.write', () =>
    postingNotFound(kind),
  );
  if (postingStatusOf(posting) !== KINDS[kind].statuses.recruiting) throw notRecruiting();
  return { me, posting };
}

/**
 * The stored posting with the patch over it, checked whole (min ≤ max, …). A stored deadline that
 * has passed since is no error of a patch that does not send one: it is checked against the
 * request's clock only when sent (referenceProblems).
 */
async function merge<S extends v.GenericSchema>(
  ctx: TCtx,
  schema: S,
  stored: { end_date: string | null },
  patch: Record<string, unknown>,
) {
  const sendsDeadline = 'end_date' in patch;
  const merged = parseWith(schema, {
    ...stored,
    ...patch,
    ...(sendsDeadline ? {} : { end_date: null }),
  }) as TProjectFields | TJobFields;
  await referenceProblems(ctx, merged, patch);
  return {
    ...merged,
    end_date: sendsDeadline ? merged.end_date : stored.end_date,
  } as TProjectFields | TJobFields;
}

/**
 * `PATCH /projects`, `PATCH /jobs`: any fields of the caller's recruiting posting, checked merged
 * (a job's min ≤ max).
 */
export async function updatePosting(ctx: TCtx, input: TPostingPatch) {
  const { kind, id } = input;
  const k = SERVER_KINDS[kind];
  const { me, posting: stored } = await editableRecruiting(ctx, kind, id);
  const { id: _id, kind: _kind, ...patch } = sentFields(input);
  const merged = await merge(ctx, KIND_SCHEMAS[kind].posting, stored, patch);
  const table = k.postingTable as typeof projects;
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(table)
      .set({ ...columnsOf(kind, merged), updatedAt: ctx.now })
      .where(and(eq(table.id, id), eq(k.status, k.statuses.recruiting)))
      .returning({ id: table.id });
    if (changed.length === 0) throw notRecruiting(); // cancelled meanwhile
    await audit(tx, {
      companyId: stored.company.id,
      actorId: me.id,
      action: 'posting.updated',
      target: { type: kind, id, label: merged.name, fields: Object.keys(patch) },
      now: ctx.now,
    });
  });
  return getPosting(ctx, { kind, id });
}
