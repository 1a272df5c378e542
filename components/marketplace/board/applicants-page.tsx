import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { useCallback, useState } from 'react';
import { RequireAuth } from '@/components/auth/require-auth';
import { PageFrame } from '@/components/layout/page-frame';
import type { TPosting } from '@/components/marketplace/shared/posting-facts';
import { preloadForSession } from '@/store/session-preload';
import type { TServerSession } from '@/store';
import type { TPostingKind } from '@/types/marketplace';
import { BoardTitle } from './board-title';
import styles from './pipeline.module.css';

// The board reads and writes server data: it comes in a second chunk, with the cache and the
// schema library (first-load budget).
const ApplicantBoard = dynamic(() => import('./applicant-board'), {
  loading: () => <div className={styles.state} aria-hidden="true" />,
});
preloadForSession(
  ['/business/projects/[id]/applicants', '/business/jobs/[id]/applicants'],
  () => import('./applicant-board'),
);

/**
 * /business/projects/[id]/applicants and /business/jobs/[id]/applicants, for their business.
 * The board's heading (the posting's name, from the server) is in the server's page and paints
 * at once, where the board then shows its own: until the board has its answer, after the session
 * and its data. With the session cookie the server renders the board itself (page-state/signed-in-page.ts).
 */
export function ApplicantsPage({
  kind,
  posting,
  serverSession,
}: {
  kind: TPostingKind;
  posting: TPosting;
  serverSession: TServerSession | null;
}) {
  const { t } = useTranslation('pipeline');
  // A business's board the server rendered (page-state/signed-in-page.ts) is shown from the start.
  const [boardShown, setBoardShown] = useState(
    Boolean(serverSession && !serverSession.user.is_talent),
  );
  const shown = useCallback(() => setBoardShown(true), []);
  return (
    <PageFrame title={`${t('board.title')} · ${posting.name}`}>
      <div className={styles.board}>
        {!boardShown && (
          <header className={styles.header}>
            <div className={styles.headerText}>
              <BoardTitle name={posting.name} />
            </div>
          </header>
        )}
        <RequireAuth role="business">
          <ApplicantBoard kind={kind} posting={posting} onShown={shown} />
        </RequireAuth>
      </div>
    </PageFrame>
  );
}
