import { useTranslation } from 'next-i18next/pages';
import styles from '@/components/layout/list-page.module.css';
import { ButtonLink } from '@/components/ui/button';
import { useCompanyCan } from './use-company';

/**
 * /business/postings' new-posting actions, for the roles that post (docs/product.md "Companies
 * and teams (screens)"): a recruiter's memberships, once read, take them away. The page paints
 * the same links while this loads (pages/business/postings.tsx).
 */
export default function NewPostingActions() {
  const { t } = useTranslation('market');
  if (!useCompanyCan().editPostings) return null;
  return (
    <div className={styles.actions}>
      <ButtonLink href="/business/projects/new">{t('postings.new_project')}</ButtonLink>
      <ButtonLink href="/business/jobs/new" variant="secondary">
        {t('postings.new_job')}
      </ButtonLink>
    </div>
  );
}
