import { useTranslation } from 'next-i18next/pages';
import { Badge, type TBadgeTone } from '@/components/ui/badge';
import { formatDay } from '@/lib/format/day';
import { formatMoney, formatMoneyRange } from '@/lib/format/money';
import { JOB_STATUS, PROJECT_STATUS, statusName } from '@/lib/statuses';
import type { TJob, TProject } from '@/types/marketplace';

export type TPosting = TProject | TJob;
export const isProject = (p: TPosting): p is TProject => 'budget' in p;

/** The pay of a posting in the active language: a project's budget, a job's salary range. */
export function usePay(posting: TPosting): string {
  const { t, i18n } = useTranslation('market');
  const lang = i18n.language;
  if (isProject(posting)) return formatMoney(posting.budget, posting.currency, lang);
  return (
    formatMoneyRange(posting.min_salary, posting.max_salary, posting.currency, lang, {
      from: t('posting.from'),
      upTo: t('posting.up_to'),
    }) ?? t('posting.not_stated')
  );
}

const TONES: Record<string, TBadgeTone> = {
  recruiting: 'success',
  started: 'info',
  inSelection: 'info',
  finished: 'neutral',
  cancelled: 'danger',
};

/** The posting's status as a chip (docs/product.md "Statuses"). */
export function PostingStatus({ posting }: { posting: TPosting }) {
  const { t } = useTranslation('market');
  const name = isProject(posting)
    ? statusName(PROJECT_STATUS, posting.project_status_id)
    : statusName(JOB_STATUS, posting.job_status_id);
  if (!name) return null;
  const kind = isProject(posting) ? 'project' : 'job';
  return <Badge tone={TONES[name] ?? 'neutral'}>{t(`statuses.${kind}.${name}`)}</Badge>;
}

/** The deadline as people read it: "Apply by Dec 1, 2026" or "Open until filled". */
export function useDeadline(posting: TPosting): string {
  const { t, i18n } = useTranslation('market');
  return posting.end_date
    ? t('posting.deadline', { date: formatDay(posting.end_date, i18n.language) })
    : t('posting.no_deadline');
}

/**
 * Why a posting takes no applications, as people read it: "Applications closed on Dec 1, 2026"
 * once its deadline passed (docs/product.md "Deadlines"), else "Not taking applications".
 */
export function useClosedLine(posting: TPosting): string {
  const { t, i18n } = useTranslation('market');
  return posting.deadline_passed && posting.end_date
    ? t('posting.closed_on', { date: formatDay(posting.end_date, i18n.language) })
    : t('posting.closed');
}

/** Where: the country's name in the active language, or "Anywhere". */
export function usePlace(countryCode: string | null, countryName?: string | null): string {
  const { t } = useTranslation('market');
  return countryName ?? countryCode ?? t('posting.anywhere');
}
