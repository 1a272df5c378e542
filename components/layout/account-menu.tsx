import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { landingPath, useSignOut } from '@/components/auth/use-session-actions';
import { ButtonLink } from '@/components/ui/button';
import { Avatar } from '@/components/ui/avatar';
import { selectIsLoggedIn, selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import styles from './layout.module.css';
import { usePressOutside } from './use-press-outside';

/** Which item takes focus when the menu opens. */
type TOpenAt = 'first' | 'last';

const itemsOf = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * Signed out: sign-in and register. Signed in: a menu button (WAI-ARIA APG "menu button"): Enter,
 * Space or ArrowDown open it on the first item, ArrowUp on the last; in the menu ArrowUp/ArrowDown
 * move (wrapping), Home/End jump, a letter moves to the next item starting with it, Escape closes
 * and returns focus to the button, Tab closes and moves on from the button.
 */
export function AccountMenu() {
  const { t } = useTranslation('common');
  const { t: tp } = useTranslation('profile');
  const { rehydrated } = useSession();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectUser);
  const signOut = useSignOut();
  const [openAt, setOpenAt] = useState<TOpenAt | null>(null);
  const open = openAt !== null;
  const buttonId = useId();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  // Opening moves focus into the menu.
  useEffect(() => {
    if (!openAt) return;
    const all = itemsOf(menu.current);
    all[openAt === 'first' ? 0 : all.length - 1]?.focus();
  }, [openAt]);

  // A press outside closes the menu (focus stays where the press put it).
  const closeMenu = useCallback(() => setOpenAt(null), []);
  usePressOutside(open, root, closeMenu);

  const closeToButton = () => {
    setOpenAt(null);
    button.current?.focus();
  };

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpenAt(e.key === 'ArrowDown' ? 'first' : 'last');
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpenAt(null);
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = itemsOf(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => all[(i + all.length) % all.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        focusAt(at + 1);
        break;
      case 'ArrowUp':
        focusAt(at < 0 ? -1 : at - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(-1);
        break;
      case 'Escape':
        closeToButton();
        break;
      case 'Tab':
        // Not prevented: from the button, the browser moves on to the next (or previous) control.
        closeToButton();
        return;
      default: {
        if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey || !/\S/.test(e.key)) return;
        const letter = e.key.toLocaleLowerCase();
        const next = [...all.slice(at + 1), ...all.slice(0, at + 1)].find((el) =>
          el.textContent?.trim().toLocaleLowerCase().startsWith(letter),
        );
        next?.focus();
      }
    }
    e.preventDefault();
  };

  // Until stored state is back, neither variant shows (no flash of "Sign in" for a signed-in
  // user), but the signed-out one holds its place, unseen and inert: for a visitor, most often
  // signed out, nothing in the header moves when it appears.
  if (!rehydrated || !isLoggedIn || !user) {
    const placeholder = !rehydrated;
    return (
      <div
        className={
          placeholder ? `${styles.authLinks} ${styles.accountPlaceholder}` : styles.authLinks
        }
        aria-hidden={placeholder || undefined}
        inert={placeholder || undefined}
      >
        {/* Not in the background on every page (components/layout/header.tsx). */}
        <Link href="/auth/login" className={styles.navLink} prefetch={false}>
          {/* On a phone an icon, whose name stays the words (components/layout/layout.module.css). */}
          <svg
            aria-hidden="true"
            focusable="false"
            viewBox="0 0 24 24"
            className={`${styles.navIcon} ${styles.signInIcon}`}
          >
            <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21a8 8 0 0 1 16 0" />
          </svg>
          <span className={styles.navLabel}>{t('nav.sign_in')}</span>
        </Link>
        <ButtonLink href="/auth/register" prefetch={false}>
          {t('nav.register')}
        </ButtonLink>
      </div>
    );
  }
  const close = () => setOpenAt(null);
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
        onClick={() => setOpenAt(open ? null : 'first')}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar
          url={user.avatar_url}
          name={user.person.name}
          lastName={user.person.last_name}
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
            onKeyDown={onMenuKeyDown}
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
