import { useTranslation } from 'next-i18next/pages';
import { Badge } from '@/components/ui/badge';

/**
 * "Verified e-mail": the person confirmed their address by its link (docs/product.md "One's own
 * account"). Nothing is shown while it is not: an unconfirmed address blocks nothing.
 */
export function VerifiedEmailBadge({ verified }: { verified: boolean | undefined }) {
  const { t } = useTranslation('profile');
  if (!verified) return null;
  return <Badge tone="success">{t('account.verified_badge')}</Badge>;
}
