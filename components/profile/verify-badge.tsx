import { useTranslation } from 'next-i18next/pages';
import { Badge, type TBadgeTone } from '@/components/ui/badge';
import { VERIFY_STATUS } from '@/lib/statuses';

const STATUS: Record<number, [string, TBadgeTone]> = {
  [VERIFY_STATUS.notRequested]: ['not_requested', 'neutral'],
  [VERIFY_STATUS.inProcess]: ['in_process', 'info'],
  [VERIFY_STATUS.verified]: ['verified', 'success'],
  [VERIFY_STATUS.rejected]: ['rejected', 'danger'],
};

export function VerifyBadge({ status }: { status: number | undefined }) {
  const { t } = useTranslation('profile');
  const fallback = STATUS[VERIFY_STATUS.notRequested]!;
  const [key, tone] = STATUS[status ?? VERIFY_STATUS.notRequested] ?? fallback;
  return <Badge tone={tone}>{t(`verify.status.${key}`)}</Badge>;
}
