import { useTranslation } from 'next-i18next/pages';
import { ButtonLink } from '@/components/ui/button';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import styles from './auth.module.css';

/** Who is signed in and as what role; the landing after sign-in until the full screen arrives. */
export function SignedInWelcome({ heading }: { heading: string }) {
  const { t } = useTranslation('common');
  const user = useAppSelector(selectUser);
  if (!user) return null;
  return (
    <section className={styles.card} aria-labelledby="welcome-title">
      <p className={styles.steps}>{heading}</p>
      <h1 id="welcome-title">
        {t('auth.welcome.title', { name: `${user.person.name} ${user.person.last_name}`.trim() })}
      </h1>
      <p className={styles.lead}>
        {t('auth.welcome.role', { role: user.is_talent ? t('roles.talent') : t('roles.business') })}
      </p>
      <ButtonLink href="/" variant="secondary">
        {t('error_pages.back_home')}
      </ButtonLink>
    </section>
  );
}
