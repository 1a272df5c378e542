import { useTranslation } from 'next-i18next/pages';
import { Badge, type TBadgeTone } from '@/components/ui/badge';
import { VERIFY_STATUS } from '@/lib/statuses';

const STATUS: Record<number, [string, TBadgeTone]> = {
  [VERIFY_STATUS.inProcess]: ['in_process', 'info'],
  [VERIFY_STATUS.verified]: ['verified', 'success'],
  [VERIFY_STATUS.rejected]: ['rejected', 'danger'],
};

/**
 * An entry's verification once it was asked for: in process, verified or refused. An entry
 * never submitted shows nothing (docs/product.md "Public profiles").
 */
export function VerifyBadge({ status }: { status: number | undefined }) {
  const { t } = useTranslation('profile');
  const shown = status === undefined ? undefined : STATUS[status];
  if (!shown) return null;
  const [key, tone] = shown;
  return <Badge tone={tone}>{t(`verify.status.${key}`)}</Badge>;
}
