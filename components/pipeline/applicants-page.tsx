import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import { PageFrame } from '@/components/layout/page-frame';
import type { TPosting } from '@/components/postings/posting-facts';
import type { TPostingKind } from '@/types/marketplace';
import styles from './pipeline.module.css';

// The board reads and writes server data: it comes in a second chunk, with the cache and the
// schema library (first-load budget).
const ApplicantBoard = dynamic(() => import('./applicant-board'), {
  ssr: false,
  loading: () => <div className={styles.state} aria-hidden="true" />,
});

/** /business/projects/[id]/applicants and /business/jobs/[id]/applicants, for their business. */
export function ApplicantsPage({ kind, posting }: { kind: TPostingKind; posting: TPosting }) {
  const { t } = useTranslation('pipeline');
  return (
    <PageFrame title={`${t('board.title')} · ${posting.name}`}>
      <RequireAuth role="business">
        <ApplicantBoard kind={kind} posting={posting} />
      </RequireAuth>
    </PageFrame>
  );
}
