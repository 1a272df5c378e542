import { Hono, type Context } from 'hono';
import { KINDS, POSTING_KINDS, type TPostingKind } from '@/lib/kinds';
import { MAX_ID } from '@/lib/schemas/common';
import { bulkStatusSchema } from '@/lib/schemas/bulk-status';
import { BOARD_CSV_QUERY_SCHEMAS } from '@/lib/schemas/workbench';
import type { TAppEnv } from '@/server/context';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { requireRole } from '@/server/middleware/auth';
import { applicantsCsv } from '@/server/services/marketplace/board-csv';
import { bulkChangeStatus } from '@/server/services/marketplace/bulk-status';
import { postingNotFound } from '@/server/services/marketplace/postings';

// The recruiter's workbench: bulk moves and the applicants' export (docs/api.md "The recruiter's
// workbench"), mounted once per kind at the paths its descriptor names. Both are the board's
// team's calls: 401 signed out, 403 a talent, 404 the posting of another company.

/** docs/product.md "Error catalogue": the success text of a status change. */
const DATA_SAVED = {
  message: 'Data saved successfully',
  message_es: 'Datos guardados correctamente',
};

/** A path id: digits within the ids' range; anything else is a posting that does not exist. */
function pathId(c: Context<TAppEnv>, kind: TPostingKind): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw postingNotFound(kind);
  return id;
}

const app = new Hono<TAppEnv>();
for (const kind of POSTING_KINDS) {
  const { postings, applications } = KINDS[kind];
  app
    .post(`/${applications}/bulk_status`, requireRole('business'), async (c) => {
      const input = await jsonBody(c, bulkStatusSchema);
      const data = await bulkChangeStatus(c.var.ctx, { ...input, kind });
      return c.json({ status: true, data, ...DATA_SAVED });
    })
    .get(`/${postings}/:id/applications.csv`, requireRole('business'), async (c) => {
      // The board's filters and order, optional (docs/api.md "The recruiter's workbench").
      const query = queryParams(c, BOARD_CSV_QUERY_SCHEMAS[kind]);
      const { filename, text } = await applicantsCsv(c.var.ctx, {
        ...query,
        kind,
        id: pathId(c, kind),
      });
      return c.body(text, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      });
    });
}

export const workbenchBulkRoutes = app;
