import { useTranslation } from 'next-i18next/pages';
import { VerifiedEmailBadge } from '@/components/account/verified-email-badge';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { assetUrl } from '@/lib/profile/asset-url';
import type { TPublicUser } from '@/types/user';
import styles from './profile-view.module.css';

/**
 * The head of a profile as others see it: photo, name, headline, role, place, and the contact
 * details and links it has (e-mail and phone only when the API sent them, docs/api.md).
 */
export function ProfileHeader({
  user,
  countryName,
}: {
  user: TPublicUser;
  countryName?: string | null;
}) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const location = [user.city, countryName ?? user.country_code].filter(Boolean).join(', ');
  const name = `${user.person.name} ${user.person.last_name}`.trim();
  const links = [
    { href: user.links?.linkedin, label: t('fields.linkedin') },
    { href: user.links?.github, label: t('fields.github') },
    { href: user.links?.website, label: t('fields.website') },
  ].filter((l): l is { href: string; label: string } => Boolean(l.href));
  return (
    <header className={`${styles.card} ${styles.header}`}>
      <UserAvatar
        user={user}
        size={112}
        classes={{ photo: styles.avatar, initials: styles.initials }}
      />
      <div className={styles.who}>
        <h1>{name}</h1>
        {user.headline && <p className={styles.headline}>{user.headline}</p>}
        <p className={styles.meta}>
          <Badge tone="info">{user.is_talent ? tc('roles.talent') : tc('roles.business')}</Badge>
          <VerifiedEmailBadge verified={user.email_verified} />
          {location && <span>{location}</span>}
        </p>
        {(user.email || user.person.phone) && (
          <ul className={styles.contact} aria-label={t('view.contact')}>
            {user.email && (
              <li>
                {t('view.email')}: <a href={`mailto:${user.email}`}>{user.email}</a>
              </li>
            )}
            {user.person.phone && (
              <li>
                {t('view.phone')}:{' '}
                <a href={`tel:${user.person.phone.replace(/[^\d+]/g, '')}`}>{user.person.phone}</a>
              </li>
            )}
          </ul>
        )}
        {(links.length > 0 || user.cv_url) && (
          <ul className={styles.links} aria-label={t('view.links')}>
            {links.map((l) => (
              <li key={l.label}>
                <a href={l.href} target="_blank" rel="noopener noreferrer nofollow">
                  {l.label}
                </a>
              </li>
            ))}
            {user.cv_url && (
              <li>
                <a href={assetUrl(user.cv_url)} target="_blank" rel="noopener noreferrer">
                  {t('view.cv')}
                </a>
              </li>
            )}
          </ul>
        )}
      </div>
    </header>
  );
}
