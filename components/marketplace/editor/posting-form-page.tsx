import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import type { TOption } from '@/components/ui/select-field';
import type { TSignedInProps } from '@/store';
import { preloadForSession } from '@/store/session-preload';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import type { TJob, TPostingKind, TProject } from '@/types/marketplace';

// The form writes through the cache: it comes in a second chunk (first-load budget). The server
// renders it when the request has the session (a page rendered with it lists the chunk, and
// hydration waits for it).
const PostingForm = dynamic(() => import('./posting-form').then((m) => m.PostingFormScreen));
preloadForSession(
  [
    '/business/projects/new',
    '/business/jobs/new',
    '/business/projects/[id]/edit',
    '/business/jobs/[id]/edit',
  ],
  () => import('./posting-form'),
);

/**
 * New and edit pages of a project or a job, for its business. The heading and its lead are in the
 * server's page and paint at once; so is the form when the request had the session
 * (page-state/signed-in-page.ts `signedInPage`), otherwise it waits for the session.
 */
const PostRoleProbe = dynamic(() => import('@/components/team/post-role-probe'), { ssr: false });

export type TPostingFormPageProps = {
  posting?: TProject | TJob;
  countries: TOption[];
} & TSignedInProps;

export function PostingFormPage({
  kind,
  posting,
  countries,
  serverSession,
}: TPostingFormPageProps & { kind: TPostingKind }) {
  const { t } = useTranslation('market');
  const user = useAppSelector(selectUser);
  const title = t(`form.${posting ? 'edit' : 'new'}_${kind}`);
  // Only the owners and admins of the posting's company edit it (docs/product.md "Companies and
  // teams"); the server refuses anyone else. The role is read after the page (PostRoleProbe).
  const [mayEdit, setMayEdit] = useState(true);
  const notYours = posting && user && !mayEdit;
  const closed =
    posting &&
    !('budget' in posting ? posting.project_status_id === 1 : posting.job_status_id === 1);
  return (
    <PageFrame title={title}>
      <div className={styles.page}>
        <header className={styles.pageHeader}>
          <div>
            <h1>{title}</h1>
            <p>{t('form.lead')}</p>
          </div>
        </header>
        {posting && user && <PostRoleProbe companyId={posting.company.id} onChange={setMayEdit} />}
        <RequireAuth role="business">
          {notYours ? (
            <p className={styles.empty} role="alert">
              {t('form.not_yours')}
            </p>
          ) : closed ? (
            <p className={styles.empty} role="alert">
              {t('form.not_editable')}
            </p>
          ) : (
            <PostingForm
              kind={kind}
              posting={posting}
              countries={countries}
              fromServer={Boolean(serverSession)}
            />
          )}
        </RequireAuth>
      </div>
    </PageFrame>
  );
}
