import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { ChipList } from '@/components/ui/chip-list';
import Link from 'next/link';
import { ProofLinks } from '@/components/wallets/proof-links';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { assetUrl } from '@/lib/profile/asset-url';
import type { TEducation, TExperience, TPublicUser, TUser } from '@/types/user';
import { Entry } from './entry';
import styles from './profile-view.module.css';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={`view-${id}`}>
      <h2 id={`view-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A profile as others see it (/profile/my-profile and /talents/[id]): e-mail and phone appear
 * only when the API sent them (docs/api.md: to the user and to a business the talent applied to).
 */
export function ProfileView({
  user,
  countryName,
  empty,
  entryActions,
}: {
  user: TPublicUser;
  /** The country's name in the active language (the code is shown until it is known). */
  countryName?: string | null;
  /** Shown when the profile has nothing beyond the name (what to do next). */
  empty?: ReactNode;
  /** What the owner can do with an entry (asking for its verification); nothing for others. */
  entryActions?: {
    workplace: (entry: TExperience) => ReactNode;
    study: (entry: TEducation) => ReactNode;
  };
}) {
  const { t, i18n } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const lang = i18n.language;
  const location = [user.city, countryName ?? user.country_code].filter(Boolean).join(', ');
  const name = `${user.person.name} ${user.person.last_name}`.trim();
  const links = [
    { href: user.links?.linkedin, label: t('fields.linkedin') },
    { href: user.links?.github, label: t('fields.github') },
    { href: user.links?.website, label: t('fields.website') },
  ].filter((l): l is { href: string; label: string } => Boolean(l.href));
  const languageName = (l: TUser['languages'][number]) =>
    (lang === 'es' ? l.name_es : l.name_en) ?? l.name;
  const chips = (names: string[]) => names.map((n) => ({ key: n, label: n }));
  // Finished work the talent was hired for, with its on-chain proofs (docs/product.md).
  const finished = [
    ...user.projects
      .filter(
        (p) =>
          p.project_status_id === PROJECT_STATUS.finished &&
          p.application.accepted === APPLICATION_STATUS.hired,
      )
      .map((p) => ({ ...p, href: `/projects/${p.id}`, kind: 'project' as const })),
    ...user.jobs
      .filter(
        (j) =>
          j.job_status_id === JOB_STATUS.finished &&
          j.application.selected === APPLICATION_STATUS.hired,
      )
      .map((j) => ({ ...j, href: `/jobs/${j.id}`, kind: 'job' as const })),
  ];
  const isEmpty =
    !user.about &&
    [user.workplaces, user.study_centres, user.skills, user.languages, user.roles_interest].every(
      (l) => l.length === 0,
    );

  return (
    <div className={styles.view}>
      <header className={`${styles.card} ${styles.header}`}>
        <Avatar
          url={user.avatar_url}
          name={user.person.name}
          lastName={user.person.last_name}
          size={112}
          classes={{ photo: styles.avatar, initials: styles.initials }}
        />
        <div className={styles.who}>
          <h1>{name}</h1>
          {user.headline && <p className={styles.headline}>{user.headline}</p>}
          <p className={styles.meta}>
            <Badge tone="info">{user.is_talent ? tc('roles.talent') : tc('roles.business')}</Badge>
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
                  <a href={`tel:${user.person.phone.replace(/[^\d+]/g, '')}`}>
                    {user.person.phone}
                  </a>
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
      {isEmpty && (
        <section className={`${styles.card} ${styles.empty}`}>
          {empty ?? <p>{t('view.empty')}</p>}
        </section>
      )}
      {user.about && (
        <Card id="about" title={t('view.about')}>
          <p className={styles.about}>{user.about}</p>
        </Card>
      )}
      {user.workplaces.length > 0 && (
        <Card id="experiences" title={t('edit.sections.experiences')}>
          {user.workplaces.map((w) => (
            <Entry
              key={w.id}
              title={w.position}
              subtitle={w.workplace_name}
              start={w.start_date}
              end={w.work_here ? null : w.end_date}
              status={w.verify_status_id}
              description={w.description}
              actions={entryActions?.workplace(w)}
            />
          ))}
        </Card>
      )}
      {user.study_centres.length > 0 && (
        <Card id="educations" title={t('edit.sections.educations')}>
          {user.study_centres.map((s) => (
            <Entry
              key={s.id}
              title={s.course_name}
              subtitle={s.name}
              start={s.start_date}
              end={s.studying_here ? null : s.end_date}
              status={s.verify_status_id}
              description={s.description}
              actions={entryActions?.study(s)}
            />
          ))}
        </Card>
      )}
      {user.skills.length > 0 && (
        <Card id="skills" title={t('edit.sections.skills')}>
          <ChipList items={chips(user.skills.map((s) => s.name))} />
        </Card>
      )}
      {user.languages.length > 0 && (
        <Card id="languages" title={t('edit.sections.languages')}>
          <ChipList
            items={user.languages.map((l) => ({ key: String(l.id), label: languageName(l) }))}
          />
        </Card>
      )}
      {finished.length > 0 && (
        <Card id="finished" title={t('view.finished')}>
          <ul className={styles.finished}>
            {finished.map((w) => (
              <li key={`${w.kind}-${w.id}`}>
                <Link href={w.href}>{w.name}</Link>{' '}
                <span className={styles.kind}>{t(`view.kinds.${w.kind}`)}</span>
                <ProofLinks
                  algorand={w.application.algorand_transaction}
                  near={w.application.near_transaction}
                />
              </li>
            ))}
          </ul>
        </Card>
      )}
      {user.roles_interest.length > 0 && (
        <Card id="roles" title={t('edit.sections.roles')}>
          <ChipList items={chips(user.roles_interest.map((r) => r.name))} />
        </Card>
      )}
    </div>
  );
}
