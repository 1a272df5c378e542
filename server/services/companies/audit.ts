import { companyAudit } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TAuditAction } from '@/types/companies';

// The company's audit log (docs/product.md "Companies and teams"): every act of its team, written
// in the same transaction as the act, so that the log never tells what did not happen.

/** What an entry is about: its type, id and a label to show, plus what the act changed. */
export type TAuditTarget = {
  type:
    | 'member'
    | 'invitation'
    | 'company'
    | 'project'
    | 'job'
    | 'project_application'
    | 'job_application';
  id: number;
  label: string;
  [detail: string]: unknown;
};

export type TAuditEntry = {
  companyId: number;
  actorId: number | null;
  action: TAuditAction;
  target: TAuditTarget;
  now: Date;
};

export async function audit(tx: Db, entry: TAuditEntry) {
  await auditMany(tx, [entry]);
}

/** Several entries in one statement (a bulk move writes one per application it moved). */
export async function auditMany(tx: Db, entries: TAuditEntry[]) {
  if (entries.length === 0) return;
  await tx.insert(companyAudit).values(
    entries.map((entry) => ({
      companyId: entry.companyId,
      actorId: entry.actorId,
      action: entry.action,
      target: entry.target,
      createdAt: entry.now,
    })),
  );
}
