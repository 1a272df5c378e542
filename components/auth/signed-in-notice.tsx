import { useTranslation } from 'next-i18next/pages';
import { Button, ButtonLink } from '@/components/ui/button';
import type { TSessionUser } from '@/types/user';
import styles from './auth.module.css';
import { landingPath, useSignOut } from './use-session-actions';

/**
 * What a signed-in visitor of the sign-in or registration page sees instead of the form: who
 * they are and their next step.
 */
export function SignedInNotice({ user }: { user: TSessionUser }) {
  const { t } = useTranslation('common');
  const signOut = useSignOut();
  const name = `${user.person.name} ${user.person.last_name}`.trim();
  return (
    <section className={styles.card} aria-labelledby="signed-in-title">
      <h1 id="signed-in-title">{t('auth.signed_in.title', { name })}</h1>
      <p className={styles.lead}>
        {t('auth.welcome.role', { role: user.is_talent ? t('roles.talent') : t('roles.business') })}
      </p>
      <ButtonLink href={landingPath(user)} className={styles.submit}>
        {user.is_talent ? t('auth.signed_in.to_profile') : t('auth.signed_in.to_opportunities')}
      </ButtonLink>
      <Button variant="ghost" className={styles.submit} onClick={() => void signOut()}>
        {t('auth.signed_in.sign_out')}
      </Button>
    </section>
  );
}
