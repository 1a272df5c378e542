import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { companies, type TCompanyRole } from '@/db/schema';
import type { Db } from '@/db/types';
import { POSTING_KINDS } from '@/lib/kinds';
import { earliestToday } from '@/lib/schemas/marketplace';
import type { TCompanyUpdate } from '@/lib/schemas/company-page';
import type { TCtx } from '@/server/context';
import { AppError, fieldError, type TFieldProblem } from '@/server/errors';
import { rowsOf } from '@/server/lib/sql';
import { audit } from '@/server/services/companies/audit';
import { companyResponsiveness } from './responsiveness';
import { assertCompanyCan, chosenCompany, companyNotFound } from './permissions';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import { uploadKeyOf } from '@/server/services/profile/dto';
import { companyRatingColumns, ratingOf } from '@/server/services/trust/reviews';
import { postingShown } from '@/server/services/trust/visibility';

// The company's public page and its editing (docs/api.md "Companies and teams"; docs/product.md
// "The company page": owners and admins edit it; the slug never changes, so links keep working).

/** At most this many open postings on the page, newest first. */
export const OPEN_POSTINGS_MAX = 50;

type TCompanyRow = typeof companies.$inferSelect;

/** A company's own fields, as every answer about it carries them. */
const companyFields = (c: TCompanyRow) => ({
  id: c.id,
  slug: c.slug,
  name: c.name,
  logo_url: c.logoUrl,
  about: c.about,
  website: c.website,
  country_code: c.countryCode,
});

/** A company row with its rating's columns (`companyRatingColumns`). */
type TRatedRow = TCompanyRow & { ratingCount: number; ratingAverage: string | number | null };

/** The company's row and its rating's columns, to select or return in one statement. */
const ratedColumns = (ctx: TCtx) => ({
  ...getTableColumns(companies),
  ...companyRatingColumns(ctx, companies.id),
});

/**
 * The company as PATCH /companies/{id} and GET /me/company answer it: its fields and its rating
 * by the talents who reviewed it (docs/product.md "Reviews").
 */
const companyDto = (c: TRatedRow) => ({ ...companyFields(c), rating: ratingOf(c) });
export type TCompanyDto = ReturnType<typeof companyDto>;

/** A slug as companies have them (db/migrations/0008_companies.sql `tc_slug`): else not found. */
const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,79}$/;

/**
 * The open postings of `companyId`, of every kind: the ones that take applications (recruiting,
 * the last day not passed anywhere), newest first, at most OPEN_POSTINGS_MAX.
 */
async function openPostings(db: Db, companyId: number, now: Date) {
  const today = earliestToday(now);
  const lists = await Promise.all(
    POSTING_KINDS.map(async (kind) => {
      const k = SERVER_KINDS[kind];
      const t = k.postingTable;
      const rows = await db
        .select({
          id: t.id,
          name: t.name,
          summary: t.summary,
          modality: t.modality,
          countryCode: t.countryCode,
          endDate: t.endDate,
          createdAt: t.createdAt,
        })
        .from(t)
        .where(
          and(
            eq(t.companyId, companyId),
            eq(k.status, k.statuses.recruiting),
            sql`(${t.endDate} is null or ${t.endDate} >= ${today})`,
            postingShown(t),
          ),
        )
        .orderBy(desc(t.createdAt), desc(t.id))
        .limit(OPEN_POSTINGS_MAX);
      return rows.map((r) => ({ kind, ...r }));
    }),
  );
  return lists
    .flat()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, OPEN_POSTINGS_MAX)
    .map((p) => ({
      kind: p.kind,
      id: p.id,
      name: p.name,
      summary: p.summary,
      modality: p.modality,
      country_code: p.countryCode,
      end_date: p.endDate,
      created_at: p.createdAt.toISOString(),
    }));
}

/** `GET /companies/{slug}`: the public page; an unknown slug is not found. */
export async function getCompanyPage(ctx: TCtx, input: { slug: string }) {
  if (!SLUG_RE.test(input.slug)) throw companyNotFound();
  const [row] = await ctx.db
    .select(ratedColumns(ctx))
    .from(companies)
    .where(eq(companies.slug, input.slug));
  if (!row) throw companyNotFound();
  const [open_postings, responsiveness] = await Promise.all([
    openPostings(ctx.db, row.id, ctx.now),
    companyResponsiveness(ctx, row.id),
  ]);
  return { ...companyFields(row), open_postings, rating: ratingOf(row), responsiveness };
}
export type TCompanyPageDto = Awaited<ReturnType<typeof getCompanyPage>>;

/** The country and the logo `input` names, confirmed by the database in one statement. */
async function referenceProblems(db: Db, userId: number, input: TCompanyUpdate) {
  const { country_code: country, logo_url: logo } = input;
  if (!country && !logo) return [];
  type TUpload = { owner_id: number | null; mime: string } | null;
  const [row] = await rowsOf<{ country: boolean; logo: TUpload }>(
    db,
    sql`
      select exists (select 1 from countries where code = ${country ?? ''}) as country,
             (select json_build_object('owner_id', owner_id, 'mime', mime)
              from uploads where storage_key = ${logo ? uploadKeyOf(logo) : ''}) as logo`,
  );
  const errors: TFieldProblem[] = [];
  if (country && !row?.country) errors.push(fieldError('country_code', 'country'));
  if (logo) {
    // Only the caller's own image (POST /image always records its owner).
    const upload = row?.logo ?? null;
    if (!upload || upload.owner_id !== userId) errors.push(fieldError('logo_url', 'upload_first'));
    else if (!upload.mime.startsWith('image/')) {
      errors.push(fieldError('logo_url', 'image_required'));
    }
  }
  return errors;
}

const FIELDS = ['name', 'logo_url', 'about', 'website', 'country_code'] as const;

/**
 * `PATCH /companies/{id}` (owner, admin): the fields sent change, the others stay; an audit entry
 * `company.updated` names the changed fields. The slug stays as it was.
 */
export async function updateCompany(ctx: TCtx, input: { id: number; changes: TCompanyUpdate }) {
  const { me } = await assertCompanyCan(ctx, input.id, 'company.edit');
  const { changes } = input;
  const errors = await referenceProblems(ctx.db, me.id, changes);
  if (errors.length > 0) throw new AppError('invalid_input', { errors });
  const sent = FIELDS.filter((f) => changes[f] !== undefined);
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, input.id))
      .for('update');
    if (!before) throw companyNotFound();
    const [after] = await tx
      .update(companies)
      .set({
        name: changes.name,
        logoUrl: changes.logo_url,
        about: changes.about,
        website: changes.website,
        countryCode: changes.country_code,
        updatedAt: ctx.now,
      })
      .where(eq(companies.id, input.id))
      .returning(ratedColumns(ctx));
    const was = companyFields(before);
    const now = companyFields(after!);
    const changed = sent.filter((f) => was[f] !== now[f]);
    if (changed.length > 0) {
      await audit(tx, {
        companyId: input.id,
        actorId: me.id,
        action: 'company.updated',
        target: { type: 'company', id: input.id, label: after!.name, fields: changed },
        now: ctx.now,
      });
    }
    return after!;
  });
  return companyDto(row);
}

/**
 * `GET /me/company`: the chosen company's whole record (`company_id`, else the `tc_company`
 * cookie, else the caller's oldest membership) and the caller's role in it.
 */
export async function chosenCompanyRecord(
  ctx: TCtx,
  requested: number | null,
): Promise<{ company: TCompanyDto; role: TCompanyRole }> {
  const { companyId, role } = await chosenCompany(ctx, requested, 'team.view');
  const [row] = await ctx.db
    .select(ratedColumns(ctx))
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw companyNotFound();
  return { company: companyDto(row), role };
}
