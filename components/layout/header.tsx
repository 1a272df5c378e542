import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useState, type ReactNode } from 'react';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import { AccountMenu } from './account-menu';
import { LanguageSwitcher } from './language-switcher';
import { MessagesLink } from './messages-link';
import { NotificationBell } from './notification-bell';
import { PostMenu } from './post-menu';

// The role check comes in a second chunk (with the cache): "Post" paints at once, as before, and
// a recruiter's goes once their memberships are read.
const PostRoleProbe = dynamic(() => import('@/components/team/post-role-probe'), { ssr: false });
import styles from './layout.module.css';

/** 24×24 outline icons of the main links (shown instead of their words on a phone). */
const ICONS = {
  opportunities: 'M9 6V4.5A1.5 1.5 0 0 1 10.5 3h3A1.5 1.5 0 0 1 15 4.5V6M4 6h16v13H4zM4 12h16',
  applications: 'M7 3h7l4 4v14H7zM14 3v4h4M10 12h5M10 16h5',
  postings: 'M4 5h16M4 12h16M4 19h16',
  console: 'M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6zM9 12l2 2 4-4',
} as const;

export function NavIcon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={styles.navIcon}>
      <path d={d} />
    </svg>
  );
}

/** A main link: its words on a wide screen, its icon on a phone (the words stay its name). */
function NavLink({ href, icon, children }: { href: string; icon: string; children: ReactNode }) {
  const { pathname } = useRouter();
  const current = pathname === href || (href === '/admin' && pathname.startsWith('/admin/'));
  return (
    <Link
      href={href}
      className={styles.navLink}
      aria-current={current ? 'page' : undefined}
      // Not in the background on every page (see Header).
      prefetch={false}
    >
      <NavIcon d={icon} />
      <span className={styles.navLabel}>{children}</span>
    </Link>
  );
}

/**
 * Logo, the main links (opportunities; a talent's applications or a business's postings and its
 * "Post a project or job"), language switcher, the notifications bell and account, in one row.
 * On a phone the logo is its mark, the main links and "post" are icons (their words stay their
 * accessible names) and the language switcher offers the other language: still one row
 * (docs/product.md "Look and behaviour"). Its links are on every page and in view at once: they
 * load their page when pointed at or touched (`prefetch={false}`), not in the page's first
 * seconds, whose network and main thread are the page's own.
 */
export function Header() {
  const { t } = useTranslation('common');
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  const signedIn = rehydrated && user ? user : null;
  // Whether the chosen company's role may post: yes until PostRoleProbe has read it.
  const [mayPost, setMayPost] = useState(true);
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link href="/" className={styles.brand} prefetch={false}>
          <span aria-hidden="true" className={styles.brandMark}>
            ◆
          </span>
          <span className={styles.brandName}>{t('app.name')}</span>
        </Link>
        <nav aria-label={t('nav.main')} className={styles.mainNav}>
          <NavLink href="/opportunities" icon={ICONS.opportunities}>
            {t('nav.opportunities')}
          </NavLink>
          {signedIn &&
            (signedIn.is_talent ? (
              <NavLink href="/applications" icon={ICONS.applications}>
                {t('nav.applications')}
              </NavLink>
            ) : (
              <NavLink href="/business/postings" icon={ICONS.postings}>
                {t('nav.postings')}
              </NavLink>
            ))}
          {signedIn?.is_operator && (
            <NavLink href="/admin" icon={ICONS.console}>
              {t('nav.console')}
            </NavLink>
          )}
        </nav>
        {signedIn && !signedIn.is_talent && (
          <>
            <PostRoleProbe onChange={setMayPost} />
            {mayPost && <PostMenu />}
          </>
        )}
        <LanguageSwitcher />
        <MessagesLink />
        <NotificationBell />
        <AccountMenu />
      </div>
    </header>
  );
}
