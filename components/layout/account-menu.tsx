import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, useId, useRef, useState } from 'react';
import { landingPath, useSignOut } from '@/components/auth/use-session-actions';
import { ButtonLink } from '@/components/ui/button';
import { selectIsLoggedIn, selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import styles from './layout.module.css';

/** Signed out: sign-in and register. Signed in: the account menu with sign-out. */
export function AccountMenu() {
  const { t } = useTranslation('common');
  const { t: tp } = useTranslation('profile');
  const { rehydrated } = useSession();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectUser);
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  // Until stored state is back, show neither variant (no flash of "Sign in" for a signed-in user).
  if (!rehydrated) return <div className={styles.accountPlaceholder} aria-hidden="true" />;
  if (!isLoggedIn || !user) {
    return (
      <div className={styles.headerActions}>
        <Link href="/auth/login" className={styles.navLink}>
          {t('nav.sign_in')}
        </Link>
        <ButtonLink href="/auth/register">{t('nav.register')}</ButtonLink>
      </div>
    );
  }
  const initials = `${user.person.name.charAt(0)}${user.person.last_name.charAt(0)}`.toUpperCase();
  return (
    <div className={styles.account} ref={root}>
      <button
        type="button"
        className={styles.accountButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initials}
        </span>
        <span>{user.person.name}</span>
        <span className="visually-hidden">{t('nav.account_menu')}</span>
      </button>
      {open && (
        <div id={menuId} className={styles.accountPanel}>
          <p className={styles.accountWho}>
            <strong>
              {user.person.name} {user.person.last_name}
            </strong>
            <span>{user.is_talent ? t('roles.talent') : t('roles.business')}</span>
          </p>
          <ul>
            <li>
              <Link href={landingPath(user)} onClick={() => setOpen(false)}>
                {user.is_talent ? t('nav.my_profile') : t('nav.opportunities')}
              </Link>
            </li>
            <li>
              <Link href="/profile/edit" onClick={() => setOpen(false)}>
                {tp('menu.edit_profile')}
              </Link>
            </li>
            <li>
              <Link href="/profile/settings" onClick={() => setOpen(false)}>
                {tp('menu.settings')}
              </Link>
            </li>
            <li>
              <button type="button" onClick={() => void signOut()}>
                {t('nav.sign_out')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
