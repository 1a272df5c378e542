import { useTranslation } from 'next-i18next/pages';
import { Badge, type TBadgeTone } from '@/components/ui/badge';

/** PRODUCT.md statuses: verify_status_id 1 not requested, 2 in process, 3 verified, 4 rejected. */
const STATUS: Record<number, [string, TBadgeTone]> = {
  1: ['not_requested', 'neutral'],
  2: ['in_process', 'info'],
  3: ['verified', 'success'],
  4: ['rejected', 'danger'],
};

export function VerifyBadge({ status }: { status: number | undefined }) {
  const { t } = useTranslation('profile');
  const [key, tone] = STATUS[status ?? 1] ?? STATUS[1]!;
  return <Badge tone={tone}>{t(`verify.status.${key}`)}</Badge>;
}
