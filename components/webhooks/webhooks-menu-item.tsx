import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useCurrentCompany } from '@/components/team/use-company';

/**
 * The account menu's "Webhooks" item (docs/product.md "Webhooks"): only for an owner or admin of
 * the chosen company. It loads with the open menu (components/layout/account-menu.tsx).
 */
export default function WebhooksMenuItem({ onChosen }: { onChosen: () => void }) {
  const { t } = useTranslation('common');
  const { role } = useCurrentCompany();
  if (role !== 'owner' && role !== 'admin') return null;
  return (
    <li role="none">
      <Link href="/business/webhooks" role="menuitem" tabIndex={-1} onClick={onChosen}>
        {t('nav.webhooks')}
      </Link>
    </li>
  );
}
