import * as v from 'valibot';
import type { TBulkSkipCode } from '@/types/pipeline';
import { isoDate, ok } from '../registry';
import { person, rating } from './marketplace';
import { int, okSaid } from './messages';

// The workbench: notes, ratings, bulk moves (notes.ts, ratings.ts, bulk-status.ts)

/** A member's private note on an application (notes.ts `noteDto`). */
export const note = v.strictObject({
  id: int(),
  author: v.nullable(person),
  body: v.string(),
  created_at: isoDate(),
  updated_at: isoDate(),
});

/** Why an application of a bulk move did not move (bulk-status.ts). */
const SKIP_CODES = [
  'withdrawn',
  'same_status',
  'not_found',
  'closed',
  'changed',
] as const satisfies TBulkSkipCode[];

export const WORKBENCH_ANSWERS = {
  notes: ok(v.array(note)),
  note: okSaid(note),
  noteDeleted: okSaid(v.strictObject({ deleted: v.literal(true) })),
  rating: okSaid(rating),
  bulk: okSaid(
    v.strictObject({
      moved: v.array(int()),
      skipped: v.array(
        v.strictObject({
          id: int(),
          code: v.picklist(SKIP_CODES),
        }),
      ),
    }),
  ),
  csv: {
    contentType: 'text/csv',
    description:
      'The board’s applicants as CSV (UTF-8, a header row), filtered and ordered as the board; sent as an attachment',
  } as const,
};
