import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { profileCompleteness } from '@/lib/profile/completeness';
import type { TUser } from '@/types/user';
import styles from './my-profile.module.css';

/** How complete the profile is, and a link to the section of /profile/edit for each missing part. */
export function CompletenessMeter({ user }: { user: TUser }) {
  const { t } = useTranslation('profile');
  const { percent, missing } = profileCompleteness(user);
  return (
    <section className={styles.card} aria-labelledby="completeness-title">
      <h2 id="completeness-title">{t('completeness.title')}</h2>
      <p className={styles.percent}>
        <strong>{t('completeness.percent', { percent })}</strong>
      </p>
      <progress
        className={styles.meter}
        value={percent}
        max={100}
        aria-labelledby="completeness-title"
      />
      {missing.length === 0 ? (
        <p className={styles.done}>{t('completeness.complete')}</p>
      ) : (
        <>
          <p className={styles.missingLead}>{t('completeness.missing')}</p>
          <ul className={styles.missing}>
            {missing.map((item) => (
              <li key={item.key}>
                <Link href={`/profile/edit#${item.section}`}>
                  {t(`completeness.items.${item.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
