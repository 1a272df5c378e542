import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { KINDS, kindOfPosting, postingPath } from '@/lib/kinds';
import type { TUserEntry } from '@/lib/user-entries';
import { applicationSaved, selectUser } from '@/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { TViewerApplication } from '@/types/marketplace';
import type { TUserJob, TUserProject } from '@/types/user';
import { useSession } from '@/store/session';
import { useClosedLine, type TPosting } from '@/components/marketplace/shared/posting-facts';
import styles from './postings.module.css';

/** Room kept for the panel while its part loads (as while the viewer is not yet known). */
function Loading() {
  return <div className={styles.applyLoading} aria-hidden="true" />;
}

// A talent's application, or the form to apply, read and write server data: they come in a chunk
// of their own, with the cache, which a visitor or a business (shown a sentence and a link) never
// loads.
// Loaded for a business viewer only: it reads the viewer's companies.
const BusinessPanel = dynamic(() => import('./business-panel'), {
  ssr: false,
  loading: () => <Loading />,
});

const MyApplication = dynamic(() => import('./my-application').then((m) => m.MyApplication), {
  ssr: false,
  loading: () => <Loading />,
});
const ApplyForm = dynamic(() => import('./apply-form'), { ssr: false, loading: () => <Loading /> });

/**
 * What the viewer can do with a posting (docs/product.md "Marketplace"): sign in to apply; apply (a project
 * with a proposal, price and weeks; a job with a summary, experience and a CV); or see, edit and
 * withdraw their application. Businesses never apply.
 */
export default function ApplyPanel({
  posting,
  mine,
}: {
  posting: TPosting;
  /** Whether the caller applied, as the server said with the page; absent when it could not tell. */
  mine?: TViewerApplication | null;
}) {
  const { t } = useTranslation('market');
  const closedLine = useClosedLine(posting);
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [justApplied, setJustApplied] = useState(false);
  const kind = kindOfPosting(posting);
  const path = postingPath(kind, posting.id);
  // The server's answer counts for the user it was given for (another may have signed in since).
  const fromServer = rehydrated && user && mine?.userId === user.id ? mine.entry : undefined;
  const stored = user?.is_talent
    ? (user[KINDS[kind].postings] as (TUserProject | TUserJob)[]).find((p) => p.id === posting.id)
    : undefined;

  // The stored user (docs/product.md "Entities and fields") takes the server's entry: it may predate an application made on
  // another device, or a decision made since.
  // The panel shows the stored entry (which later edits change) once it has one, the server's
  // until then.
  useEffect(() => {
    if (!fromServer) return;
    dispatch(applicationSaved({ kind, entry: fromServer } as TUserEntry));
  }, [fromServer, kind, dispatch]);

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
  if (!user.is_talent) return <BusinessPanel posting={posting} />;
  const entry = stored ?? fromServer;
  if (entry) return <MyApplication posting={posting} entry={entry} justApplied={justApplied} />;
  if (!posting.accepting) {
    return (
      <section className={styles.panel}>
        <h2>{t('apply.title')}</h2>
        <p>{posting.deadline_passed ? closedLine : t('apply.closed')}</p>
      </section>
    );
  }
  // Without the server's word (the page was asked for without the session cookie: a link from
  // another site), the form asks the API first whether the talent applied.
  return (
    <ApplyForm
      posting={posting}
      check={fromServer === undefined}
      onDone={() => setJustApplied(true)}
    />
  );
}
