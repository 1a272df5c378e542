import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { ProofLinks } from '@/components/wallets/proof-links';
import { postingPath } from '@/lib/kinds';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import type { TPublicUser } from '@/types/user';
import { ProfileCard } from './profile-card';
import styles from './profile-view.module.css';

/** Finished work the talent was hired for, with its on-chain proofs (docs/product.md). */
export function finishedWorkOf(user: TPublicUser) {
  return [
    ...user.projects
      .filter(
        (p) =>
          p.project_status_id === PROJECT_STATUS.finished &&
          p.application.accepted === APPLICATION_STATUS.hired,
      )
      .map((p) => ({ ...p, href: postingPath('project', p.id), kind: 'project' as const })),
    ...user.jobs
      .filter(
        (j) =>
          j.job_status_id === JOB_STATUS.finished &&
          j.application.selected === APPLICATION_STATUS.hired,
      )
      .map((j) => ({ ...j, href: postingPath('job', j.id), kind: 'job' as const })),
  ];
}

/** The card of finished work (nothing when there is none). */
export function FinishedWork({ user }: { user: TPublicUser }) {
  const { t } = useTranslation('profile');
  const finished = finishedWorkOf(user);
  if (finished.length === 0) return null;
  return (
    <ProfileCard id="finished" title={t('view.finished')}>
      <ul className={styles.finished}>
        {finished.map((w) => (
          <li key={`${w.kind}-${w.id}`}>
            <Link href={w.href}>{w.name}</Link>{' '}
            <span className={styles.kind}>{t(`view.kinds.${w.kind}`)}</span>
            <ProofLinks
              algorand={w.application.algorand_transaction}
              near={w.application.near_transaction}
            />
          </li>
        ))}
      </ul>
    </ProfileCard>
  );
}
