import { useTranslation } from 'next-i18next/pages';
import { ButtonLink } from '@/components/ui/button';
import styles from './landing.module.css';

const TALENT_POINTS = ['profile', 'apply', 'proof'] as const;
const BUSINESS_POINTS = ['post', 'review', 'pipeline'] as const;

/** The landing page: what the platform is for talents and for businesses. */
export function Landing() {
  const { t } = useTranslation('common');
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title">{t('home.hero.title')}</h1>
        <p className={styles.lead}>{t('home.hero.lead')}</p>
        <div className={styles.actions}>
          <ButtonLink href="/auth/register">{t('home.hero.cta_register')}</ButtonLink>
          <ButtonLink href="/auth/login" variant="secondary">
            {t('home.hero.cta_login')}
          </ButtonLink>
        </div>
      </section>
      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="for-talents">
          <h2 id="for-talents">{t('home.talents.title')}</h2>
          <ul>
            {TALENT_POINTS.map((p) => (
              <li key={p}>{t(`home.talents.${p}`)}</li>
            ))}
          </ul>
        </section>
        <section className={styles.card} aria-labelledby="for-businesses">
          <h2 id="for-businesses">{t('home.businesses.title')}</h2>
          <ul>
            {BUSINESS_POINTS.map((p) => (
              <li key={p}>{t(`home.businesses.${p}`)}</li>
            ))}
          </ul>
        </section>
      </div>
      <section className={styles.proof} aria-labelledby="proof-title">
        <h2 id="proof-title">{t('home.proof.title')}</h2>
        <p>{t('home.proof.body')}</p>
      </section>
    </>
  );
}
