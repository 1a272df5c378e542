import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import { isProject, type TPosting } from './posting-facts';
import styles from './postings.module.css';

/** Room kept for the panel while its part loads (as while the viewer is not yet known). */
function Loading() {
  return <div className={styles.applyLoading} aria-hidden="true" />;
}

// A talent's application, or the form to apply, read and write server data: they come in a chunk
// of their own, with the cache, which a visitor or a business (shown a sentence and a link) never
// loads.
const MyApplication = dynamic(() => import('./my-application').then((m) => m.MyApplication), {
  ssr: false,
  loading: () => <Loading />,
});
const ApplyForm = dynamic(() => import('./apply-form'), { ssr: false, loading: () => <Loading /> });

/**
 * What the viewer can do with a posting (PRODUCT.md flow 4): sign in to apply; apply (a project
 * with a proposal, price and weeks; a job with a summary, experience and a CV); or see, edit and
 * withdraw their application. Businesses never apply.
 */
export default function ApplyPanel({ posting }: { posting: TPosting }) {
  const { t } = useTranslation('market');
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  const [justApplied, setJustApplied] = useState(false);
  const project = isProject(posting);
  const path = `/${project ? 'projects' : 'jobs'}/${posting.id}`;

  if (!rehydrated) return <Loading />;
  if (!user) {
    return (
      <section className={styles.panel}>
        <h2>{t('apply.title')}</h2>
        <p>{t('apply.sign_in')}</p>
        <ButtonLink href={{ pathname: '/auth/login', query: { next: path } }}>
          {t('apply.sign_in_link')}
        </ButtonLink>
      </section>
    );
  }
  if (!user.is_talent) {
    const own = posting.owner.id === user.id;
    return (
      <section className={styles.panel}>
        <h2>{t('apply.title')}</h2>
        <p>{own ? t('apply.own') : t('apply.business')}</p>
        {own && posting.accepting && (
          <Link href={`/business/${project ? 'projects' : 'jobs'}/${posting.id}/edit`}>
            {t('postings.edit')}
          </Link>
        )}
      </section>
    );
  }
  const mine = project
    ? user.projects.find((p) => p.id === posting.id)
    : user.jobs.find((j) => j.id === posting.id);
  if (mine) return <MyApplication posting={posting} entry={mine} justApplied={justApplied} />;
  if (!posting.accepting) {
    return (
      <section className={styles.panel}>
        <h2>{t('apply.title')}</h2>
        <p>{t('apply.closed')}</p>
      </section>
    );
  }
  return <ApplyForm posting={posting} onDone={() => setJustApplied(true)} />;
}
