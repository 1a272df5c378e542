import { eq, sql, type AnyColumn } from 'drizzle-orm';
import { jobApplications, projectApplications, uploads, users } from '@/db/schema';
import { csvFile, type TCsvCell } from '@/lib/csv';
import { currencyDigits } from '@/lib/currencies';
import { notice, type TNoticeKey } from '@/lib/i18n/notices';
import type { TLang } from '@/lib/i18n/lang';
import type { TBoardFilters } from '@/lib/schemas/workbench';
import { APPLICATION_STATUS, statusName } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import marketEn from '@/public/locales/en/market.json';
import marketEs from '@/public/locales/es/market.json';
import {
  boardOrder,
  boardWhere,
  notesCount,
  ratingAverage,
  ratingCount,
  stageSinceIso,
} from './board-query';
import { SERVER_KINDS } from './kinds';
import { ownPosting } from './owned-posting';
import type { TKind } from './postings';

// The export of a posting's applicants (docs/api.md "The recruiter's workbench"): one CSV row per
// application the board shows with the same filters and order, for the posting's team, in the reader's language. The team's ratings, the notes' count and the
// time in the current status are the board's own correlated aggregates of the one query
// (board-query.ts), never a statement per row; the notes' bodies and a member's own rating
// (`mine`) are not exported.

type THeader = keyof (typeof import('@/public/locales/en/notices.json'))['applicants_csv'];

const STATUS_WORDS: Record<TLang, Record<string, string>> = {
  en: marketEn.statuses.application,
  es: marketEs.statuses.application,
};

/** What the rows of every kind have: the talent, the status and the team's figures. */
type TCommonRow = {
  name: string;
  lastName: string;
  email: string;
  headline: string | null;
  status: number;
  createdAt: Date;
  ratingAverage: number | null;
  ratingsCount: number;
  notesCount: number;
  stageSince: Date | string;
};

const isoDate = (d: Date | string) => new Date(d).toISOString().slice(0, 10);
const isoTime = (d: Date | string) => new Date(d).toISOString();

/** An amount in minor units as a plain decimal in its currency ("1200.00"). */
const amount = (minor: number, currency: string) => {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
};

/** A path of this site as a full address (a CV link opened from a spreadsheet). */
const absolute = (ctx: TCtx, url: string | null) =>
  url && url.startsWith('/') ? `${ctx.deps.appUrl.replace(/\/$/, '')}${url}` : url;

/** What each kind adds: its columns, the fields they read, and their cells. */
const KIND_COLUMNS = {
  project: {
    headers: ['price', 'currency', 'weeks', 'proposal'] as THeader[],
    file: null,
    fields: {
      price: projectApplications.priceProposal,
      weeks: projectApplications.weeks,
      text: projectApplications.proposal,
    },
    cells: (
      _ctx: TCtx,
      row: { price: number; weeks: number; text: string },
      currency: string,
    ): TCsvCell[] => [amount(row.price, currency), currency, row.weeks, row.text],
  },
  job: {
    headers: ['cv', 'summary'] as THeader[],
    /** The CV sent with the application (else the profile's). */
    file: jobApplications.fileId,
    fields: {
      text: jobApplications.summary,
      fileKey: uploads.storageKey,
      profileCv: users.cvUrl,
    },
    cells: (
      ctx: TCtx,
      row: { text: string; fileKey: string | null; profileCv: string | null },
    ): TCsvCell[] => [
      absolute(ctx, row.fileKey ? `/api/uploads/${row.fileKey}` : row.profileCv),
      row.text,
    ],
  },
};

const COMMON_BEFORE: THeader[] = ['name', 'last_name', 'email', 'headline', 'status', 'applied_at'];
const COMMON_AFTER: THeader[] = ['rating_average', 'ratings_count', 'notes_count', 'stage_since'];

/**
 * `GET /projects/{id}/applications.csv`, `GET /jobs/{id}/applications.csv`: the file's name and
 * text, for the posting's team (others: 404 as the board).
 */
export async function applicantsCsv(
  ctx: TCtx,
  input: TBoardFilters & { kind: TKind; id: number; lang: TLang },
) {
  const { kind, lang } = input;
  const { posting } = await ownPosting(ctx, input, 'board.move');
  const table = SERVER_KINDS[kind].applicationTable as typeof projectApplications;
  const columns = KIND_COLUMNS[kind];
  // The board's own aggregates, filters and order (board-query.ts): the file lists what the
  // board shows with the same filters, in the same order, every status.
  const rows = (await ctx.db
    .select({
      name: users.name,
      lastName: users.lastName,
      // A deleted account's address is a placeholder: the file shows none (docs/product.md).
      email: sql<string>`case when ${users.deletedAt} is null then ${users.email} else '' end`,
      headline: users.headline,
      status: SERVER_KINDS[kind].applicationStatus,
      createdAt: table.createdAt,
      ratingAverage: ratingAverage(kind),
      ratingsCount: ratingCount(kind),
      notesCount: notesCount(kind),
      stageSince: stageSinceIso(kind),
      ...(columns.fields as Record<string, AnyColumn>),
    })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .leftJoin(uploads, columns.file ? eq(uploads.id, columns.file) : sql`false`)
    .where(boardWhere(kind, posting.id, input))
    .orderBy(...boardOrder(kind, input))) as unknown as (TCommonRow & Record<string, never>)[];

  const headers = [...COMMON_BEFORE, ...columns.headers, ...COMMON_AFTER].map((h) =>
    notice(lang, `applicants_csv.${h}` as TNoticeKey),
  );
  const statusWord = (status: number) =>
    STATUS_WORDS[lang][statusName(APPLICATION_STATUS, status) ?? ''] ?? String(status);
  const body = rows.map((row) => [
    row.name,
    row.lastName,
    row.email,
    row.headline,
    statusWord(row.status),
    isoDate(row.createdAt),
    ...(columns.cells as (ctx: TCtx, row: unknown, currency: string) => TCsvCell[])(
      ctx,
      row,
      posting.currency,
    ),
    row.ratingAverage === null ? null : Number(row.ratingAverage),
    row.ratingsCount,
    row.notesCount,
    isoTime(row.stageSince),
  ]);
  return {
    filename: `applicants-${kind}-${posting.id}.csv`,
    text: csvFile([headers, ...body]),
  };
}
