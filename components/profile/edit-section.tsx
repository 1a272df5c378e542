import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { TProfileSection } from '@/lib/profile/completeness';
import styles from './profile-edit.module.css';
import { useGuardedForm } from '@/components/forms/leave-guard';

/** One section of /profile/edit: a card whose id is the anchor the completeness links use. */
export function EditSection({
  id,
  description,
  children,
  footer,
}: {
  id: TProfileSection;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('profile');
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <header className={styles.sectionHeader}>
        <h2 id={`${id}-title`}>{t(`edit.sections.${id}`)}</h2>
        {description && <p>{description}</p>}
      </header>
      {children}
      {footer}
    </section>
  );
}

/** How far a running save is: `done` of `total` calls. */
export type TSaveProgress = { done: number; total: number };

/**
 * The Save button of a section and what its save is doing: progress while it runs (leaving the
 * page is blocked meanwhile), what failed, or that there are unsaved edits (leaving asks first).
 */
export function SaveBar({
  onSave,
  progress,
  dirty = false,
  failed = 0,
  disabled = false,
  extra,
}: {
  onSave: () => void;
  progress: TSaveProgress | null;
  dirty?: boolean;
  failed?: number;
  disabled?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const running = progress !== null;
  useGuardedForm({ dirty: dirty || failed > 0, saving: running });
  let status: ReactNode = null;
  if (running) {
    status = (
      <>
        <progress
          className={styles.progress}
          value={progress.done}
          max={Math.max(progress.total, 1)}
          aria-label={t('section.saving')}
        />
        <span>
          {progress.total > 0
            ? t('section.saving_progress', { done: progress.done, total: progress.total })
            : t('section.saving')}
        </span>
      </>
    );
  } else if (failed > 0) {
    status = <span className={styles.failed}>{t('section.failed', { count: failed })}</span>;
  } else if (dirty) {
    status = <span className={styles.unsaved}>{t('section.unsaved')}</span>;
  }
  return (
    <footer className={styles.saveBar}>
      <div className={styles.saveStatus} role="status" aria-live="polite">
        {status}
      </div>
      <div className={styles.saveActions}>
        {extra}
        <Button onClick={onSave} disabled={running || disabled || (!dirty && failed === 0)}>
          {running ? t('section.saving') : t('section.save')}
        </Button>
      </div>
    </footer>
  );
}
