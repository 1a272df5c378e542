import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { Badge } from '@/components/ui/badge';
import { ChipList } from '@/components/ui/chip-list';
import {
  isProject,
  PostingStatus,
  useClosedLine,
  useDeadline,
  usePay,
  usePlace,
  type TPosting,
} from '@/components/marketplace/shared/posting-facts';
import { CompanyLine } from '@/components/marketplace/shared/company-line';
import { SaveHeart } from '@/components/favorites/save-heart';
import { kindOfPosting } from '@/lib/kinds';
import styles from './opportunities.module.css';

/** One posting in the results: what, who, pay, where, until when; whether the viewer applied. */
export function PostingCard({
  posting,
  countryName,
  applied,
}: {
  posting: TPosting;
  countryName: string | null;
  applied: boolean;
}) {
  const { t } = useTranslation('market');
  const pay = usePay(posting);
  const deadline = useDeadline(posting);
  const closedLine = useClosedLine(posting);
  const place = usePlace(posting.country_code, countryName);
  const href = `/${isProject(posting) ? 'projects' : 'jobs'}/${posting.id}`;
  return (
    <article className={styles.card} aria-labelledby={`posting-${posting.id}`}>
      <header className={styles.cardHead}>
        <h2 id={`posting-${posting.id}`} className={styles.cardTitle}>
          <Link href={href}>{posting.name}</Link>
        </h2>
        <div className={styles.badges}>
          {applied && <Badge tone="info">{t('posting.applied')}</Badge>}
          {!posting.accepting && <PostingStatus posting={posting} />}
          <SaveHeart
            kind={kindOfPosting(posting)}
            id={posting.id}
            name={posting.name}
            saved={posting.saved}
          />
        </div>
      </header>
      <CompanyLine company={posting.company} className={styles.company} />
      <p className={styles.summary}>{posting.summary}</p>
      <ul className={styles.facts}>
        <li>
          <strong>{pay}</strong>
          {isProject(posting) && <> · {t('posting.weeks', { count: posting.weeks })}</>}
        </li>
        <li>
          {t(`modality.${posting.modality}`)} · {place}
        </li>
        <li>{posting.accepting ? deadline : closedLine}</li>
      </ul>
      {posting.skills.length > 0 && (
        <ChipList items={posting.skills.slice(0, 6).map((s) => ({ key: s, label: s }))} />
      )}
    </article>
  );
}
