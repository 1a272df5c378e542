import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import type { TPostingCompany } from '@/types/marketplace';

/** Where a company's public page is (docs/product.md "The company page"). */
export const companyPath = (company: Pick<TPostingCompany, 'slug'>) =>
  `/companies/${encodeURIComponent(company.slug)}`;

const MARK = '\u0001';

/**
 * "by Andes Labs" under a posting's title, the company's name a link to its public page. The
 * sentence is the catalog's (`posting.by`), so each language keeps its own word order.
 */
export function CompanyLine({
  company,
  className,
}: {
  company: TPostingCompany;
  className?: string;
}) {
  const { t } = useTranslation('market');
  const [before = '', after = ''] = t('posting.by', { company: MARK }).split(MARK);
  return (
    <p className={className}>
      {before}
      <Link href={companyPath(company)}>{company.name}</Link>
      {after}
    </p>
  );
}
