import { useTranslation } from 'next-i18next/pages';
import { JobApplicationForm, ProjectApplicationForm } from './application-forms';
import { isProject, type TPosting } from './posting-facts';
import styles from './postings.module.css';

/** The form of the apply panel (apply-panel.tsx): a talent who has not applied, an open posting. */
export default function ApplyForm({ posting, onDone }: { posting: TPosting; onDone: () => void }) {
  const { t } = useTranslation('market');
  return (
    <section className={styles.panel} aria-labelledby="apply-title">
      <h2 id="apply-title">{t('apply.title')}</h2>
      {isProject(posting) ? (
        <ProjectApplicationForm posting={posting} onDone={onDone} />
      ) : (
        <JobApplicationForm posting={posting} onDone={onDone} />
      )}
    </section>
  );
}
