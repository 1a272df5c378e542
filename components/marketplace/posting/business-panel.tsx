import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { canOf, useCurrentCompany } from '@/components/team/use-company';
import type { TPosting } from '@/components/marketplace/shared/posting-facts';
import { businessPath, kindOfPosting } from '@/lib/kinds';
import styles from './postings.module.css';

/**
 * What a business sees instead of the form: that the posting is its company's (with the edit
 * link for those whose role may edit it), or that businesses do not apply.
 */
export default function BusinessPanel({ posting }: { posting: TPosting }) {
  const { t } = useTranslation('market');
  const { companies } = useCurrentCompany();
  const kind = kindOfPosting(posting);
  const membership = companies.find((m) => m.company.id === posting.company.id);
  const can = canOf(membership?.role);
  return (
    <section className={styles.panel}>
      <h2>{t('apply.title')}</h2>
      <p>{membership ? t('apply.own') : t('apply.business')}</p>
      {can.editPostings && posting.accepting && (
        <Link href={businessPath(kind, posting.id, 'edit')}>{t('postings.edit')}</Link>
      )}
    </section>
  );
}
