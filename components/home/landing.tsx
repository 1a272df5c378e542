import { useTranslation } from 'next-i18next/pages';
import { landingPath } from '@/components/auth/use-session-actions';
import { ButtonLink } from '@/components/ui/button';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import styles from './landing.module.css';

const TALENT_POINTS = ['profile', 'apply', 'proof'] as const;
const BUSINESS_POINTS = ['post', 'review', 'pipeline'] as const;

/** The hero's calls to action: sign up or in, or, for a signed-in visitor, their next step. */
function HeroActions() {
  const { t } = useTranslation('common');
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  if (rehydrated && user) {
    return (
      <div className={styles.actions}>
        <p className={styles.welcome}>{t('home.hero.welcome_back', { name: user.person.name })}</p>
        <ButtonLink href={landingPath(user)}>
          {user.is_talent ? t('auth.signed_in.to_profile') : t('auth.signed_in.to_opportunities')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className={styles.actions}>
      <ButtonLink href="/auth/register">{t('home.hero.cta_register')}</ButtonLink>
      <ButtonLink href="/auth/login" variant="secondary">
        {t('home.hero.cta_login')}
      </ButtonLink>
    </div>
  );
}

/** The landing page: what the platform is for talents and for businesses. */
export function Landing() {
  const { t } = useTranslation('common');
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title">{t('home.hero.title')}</h1>
        <p className={styles.lead}>{t('home.hero.lead')}</p>
        <HeroActions />
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
