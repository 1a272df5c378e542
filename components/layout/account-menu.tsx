import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { landingPath, useSignOut } from '@/components/auth/use-session-actions';
import { UserAvatar } from '@/components/ui/avatar';
import { selectIsLoggedIn, selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import styles from './layout.module.css';
import { SignedOutLinks } from './signed-out-links';
import { useMenuButton } from './use-menu-button';

// A business member's companies come from the API: the switcher, and the cache with it, load
// only when a business user opens the menu, never with the header of every page.
const CompanySwitcher = dynamic(() => import('@/components/team/company-switcher'), {
  ssr: false,
});
// The webhooks' item needs the role in the chosen company: it loads with the open menu too.
const WebhooksMenuItem = dynamic(() => import('@/components/webhooks/webhooks-menu-item'), {
  ssr: false,
});

/**
 * Signed out: sign-in and register. Signed in: a menu button (WAI-ARIA APG "menu button", its
 * keys in components/layout/use-menu-button.ts).
 */
export function AccountMenu() {
  const { t } = useTranslation('common');
  const { t: tp } = useTranslation('profile');
  const { rehydrated } = useSession();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectUser);
  const signOut = useSignOut();
  const { open, close, toggle, buttonId, menuId, root, button, menu, ...keys } = useMenuButton();

  // Until stored state is back, neither variant shows (no flash of "Sign in" for a signed-in
  // user), but the signed-out one holds its place, unseen and inert: for a visitor, most often
  // signed out, nothing in the header moves when it appears.
  if (!rehydrated || !isLoggedIn || !user) {
    return <SignedOutLinks placeholder={!rehydrated} />;
  }
  return (
    <div className={styles.account} ref={root}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className={styles.accountButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
        onKeyDown={keys.onButtonKeyDown}
      >
        <UserAvatar
          user={user}
          size={32}
          classes={{ photo: styles.avatar, initials: styles.avatar }}
          alt={t('nav.your_photo')}
        />
        <span className={styles.accountName}>{user.person.name}</span>
        <span className="visually-hidden">{t('nav.account_menu')}</span>
      </button>
      {open && (
        <div className={styles.accountPanel}>
          <p className={styles.accountWho}>
            <strong>
              {user.person.name} {user.person.last_name}
            </strong>
            <span>{user.is_talent ? t('roles.talent') : t('roles.business')}</span>
          </p>
          <ul
            ref={menu}
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            onKeyDown={keys.onMenuKeyDown}
          >
            <li role="none">
              <Link href={landingPath(user)} role="menuitem" tabIndex={-1} onClick={close}>
                {user.is_talent ? t('nav.my_profile') : t('nav.opportunities')}
              </Link>
            </li>
            <li role="none">
              <Link
                href={user.is_talent ? '/applications' : '/business/postings'}
                role="menuitem"
                tabIndex={-1}
                onClick={close}
              >
                {user.is_talent ? t('nav.applications') : t('nav.postings')}
              </Link>
            </li>
            {!user.is_talent && (
              <>
                <li role="none">
                  <Link href="/business/company" role="menuitem" tabIndex={-1} onClick={close}>
                    {t('nav.company')}
                  </Link>
                </li>
                <li role="none">
                  <Link href="/business/team" role="menuitem" tabIndex={-1} onClick={close}>
                    {t('nav.team')}
                  </Link>
                </li>
                <WebhooksMenuItem onChosen={close} />
              </>
            )}
            <li role="none">
              <Link href="/profile/edit" role="menuitem" tabIndex={-1} onClick={close}>
                {tp('menu.edit_profile')}
              </Link>
            </li>
            <li role="none">
              <Link href="/profile/settings" role="menuitem" tabIndex={-1} onClick={close}>
                {tp('menu.settings')}
              </Link>
            </li>
            <li role="none">
              <Link href="/account/tokens" role="menuitem" tabIndex={-1} onClick={close}>
                {tp('menu.tokens')}
              </Link>
            </li>
            {!user.is_talent && <CompanySwitcher onChosen={close} />}
            <li role="none">
              <button type="button" role="menuitem" tabIndex={-1} onClick={() => void signOut()}>
                {t('nav.sign_out')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
