import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { formatDay } from '@/lib/format/day';
import { postingPath } from '@/lib/kinds';
import { assetUrl } from '@/lib/profile/asset-url';
import type { TCompanyPage, TCompanyPosting } from '@/types/company-page';
import { Responsiveness } from './responsiveness';
import styles from './company.module.css';

/** The first letters of the company's first two words, when it has no logo. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!.toUpperCase())
    .join('');

/** The address a visitor reads: without the scheme and a trailing slash. */
const shownAddress = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');

function PostingItem({
  posting,
  countryNames,
}: {
  posting: TCompanyPosting;
  countryNames: Record<string, string>;
}) {
  const { t, i18n } = useTranslation('company');
  const { t: tm } = useTranslation('market');
  const place = posting.country_code
    ? (countryNames[posting.country_code] ?? posting.country_code)
    : t('page.anywhere');
  const headingId = `company-posting-${posting.kind}-${posting.id}`;
  return (
    <li className={styles.posting}>
      <article aria-labelledby={headingId}>
        <p className={styles.kind}>{t(`kind.${posting.kind}`)}</p>
        <h3 id={headingId}>
          <Link href={postingPath(posting.kind, posting.id)}>{posting.name}</Link>
        </h3>
        <p>{posting.summary}</p>
        <p className={styles.meta}>
          {tm(`modality.${posting.modality}`)} · {place}
          {posting.end_date && (
            <> · {t('page.deadline', { date: formatDay(posting.end_date, i18n.language) })}</>
          )}
        </p>
      </article>
    </li>
  );
}

/** A company's public page: who it is, what it says of itself, and its open postings. */
export function CompanyView({
  company,
  countryNames,
}: {
  company: TCompanyPage;
  countryNames: Record<string, string>;
}) {
  const { t } = useTranslation('company');
  const country = company.country_code
    ? (countryNames[company.country_code] ?? company.country_code)
    : null;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="company-name">
        <header className={styles.header}>
          {company.logo_url ? (
            // A plain <img>: uploads come from the API, not through next/image's optimizer.
            <img
              src={assetUrl(company.logo_url)}
              alt={t('page.logo_alt', { name: company.name })}
              className={styles.logo}
              width={96}
              height={96}
            />
          ) : (
            <span className={styles.initials} aria-hidden="true">
              {initialsOf(company.name)}
            </span>
          )}
          <div className={styles.who}>
            <h1 id="company-name">{company.name}</h1>
            {(country || company.website) && (
              <dl className={styles.facts}>
                {country && (
                  <div>
                    <dt>{t('page.country')}</dt>
                    <dd>{country}</dd>
                  </div>
                )}
                {company.website && (
                  <div>
                    <dt>{t('page.website')}</dt>
                    <dd>
                      <a href={company.website} rel="nofollow ugc noopener noreferrer">
                        {shownAddress(company.website)}
                      </a>
                    </dd>
                  </div>
                )}
              </dl>
            )}
            <Responsiveness value={company.responsiveness} />
          </div>
        </header>
      </section>
      <section className={styles.card} aria-labelledby="company-about">
        <h2 id="company-about">{t('page.about')}</h2>
        {company.about ? (
          <p className={styles.about}>{company.about}</p>
        ) : (
          <p className={styles.muted}>{t('page.no_about')}</p>
        )}
      </section>
      <section className={styles.card} aria-labelledby="company-postings">
        <h2 id="company-postings">{t('page.open_postings')}</h2>
        {company.open_postings.length > 0 ? (
          <ul className={styles.postings}>
            {company.open_postings.map((p) => (
              <PostingItem key={`${p.kind}-${p.id}`} posting={p} countryNames={countryNames} />
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t('page.no_postings')}</p>
        )}
      </section>
    </div>
  );
}
