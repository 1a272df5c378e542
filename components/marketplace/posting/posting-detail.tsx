import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { ChipList } from '@/components/ui/chip-list';
import { formatDay } from '@/lib/format/day';
import { kindOfPosting } from '@/lib/kinds';
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
import { Responsiveness } from '@/components/company/responsiveness';
import { SaveHeart } from '@/components/favorites/save-heart';
import { ReportButton } from '@/components/trust/report-button';
import styles from './postings.module.css';
import type { TViewerApplication } from '@/types/marketplace';
import type { TResponsiveness } from '@/types/pipeline';

function Loading() {
  return <div className={styles.applyLoading} aria-hidden="true" />;
}

// What the viewer can do depends on who they are, known only in the browser: loaded after the page.
// The signed-in talent's invitation to apply ("Invited by Andes Labs"), read in the browser.
const InvitationBanner = dynamic(
  () => import('@/components/marketplace/invites/invitation-banner'),
  {
    ssr: false,
  },
);
const ApplyPanel = dynamic(() => import('./apply-panel'), {
  ssr: false,
  loading: () => <Loading />,
});

/**
 * /projects/[id] and /jobs/[id]: the posting, rendered on the server; the panel to apply, edit
 * or withdraw comes once the viewer is known.
 */
export function PostingDetail({
  posting,
  countryName,
  mine,
  responsiveness,
  hidden = false,
}: {
  posting: TPosting;
  countryName: string | null;
  /** Whether the caller applied, as the server said with the page (apply-panel.tsx). */
  mine?: TViewerApplication | null;
  /** How quickly the company answers (docs/product.md "Responsiveness"), with the page. */
  responsiveness?: TResponsiveness;
  /** Hidden by an operator: read by its team or an operator (docs/product.md "Reports and suspension"). */
  hidden?: boolean;
}) {
  const { t, i18n } = useTranslation('market');
  const pay = usePay(posting);
  const deadline = useDeadline(posting);
  const closedLine = useClosedLine(posting);
  const place = usePlace(posting.country_code, countryName);
  const project = isProject(posting);
  return (
    <div className={styles.detail}>
      <article className={styles.main} aria-labelledby="posting-title">
        <header className={styles.head}>
          <h1 id="posting-title">{posting.name}</h1>
          <PostingStatus posting={posting} />
          <SaveHeart kind={kindOfPosting(posting)} id={posting.id} name={posting.name} />
        </header>
        <CompanyLine company={posting.company} className={styles.company} />
        {hidden && (
          <p className={styles.hidden} role="note">
            {t('posting.hidden')}
          </p>
        )}
        <Responsiveness value={responsiveness} />
        <InvitationBanner kind={kindOfPosting(posting)} id={posting.id} />
        <p className={styles.summary}>{posting.summary}</p>
        <dl className={styles.facts}>
          <div>
            <dt>{project ? t('posting.budget') : t('posting.salary')}</dt>
            <dd>{pay}</dd>
          </div>
          <div>
            <dt>{project ? t('posting.duration') : t('posting.contract_type')}</dt>
            <dd>
              {project
                ? t('posting.weeks', { count: posting.weeks })
                : t(`contract.${posting.contract_type}`)}
            </dd>
          </div>
          <div>
            <dt>{t('posting.location')}</dt>
            <dd>
              {t(`modality.${posting.modality}`)} · {place}
            </dd>
          </div>
          <div>
            <dt>{t('posting.details')}</dt>
            <dd>
              {posting.accepting ? deadline : closedLine} ·{' '}
              {t('posting.applicants', { count: posting.applications_count })} ·{' '}
              {t('posting.posted', { time: formatDay(posting.created_at, i18n.language) })}
            </dd>
          </div>
        </dl>
        {posting.skills.length > 0 && (
          <section aria-labelledby="posting-skills">
            <h2 id="posting-skills">{t('posting.skills')}</h2>
            <ChipList items={posting.skills.map((s) => ({ key: s, label: s }))} />
          </section>
        )}
        <section aria-labelledby="posting-description">
          <h2 id="posting-description">{t('posting.description')}</h2>
          <p className={styles.text}>{posting.description}</p>
        </section>
        {!project && posting.requirements && (
          <section aria-labelledby="posting-requirements">
            <h2 id="posting-requirements">{t('posting.requirements')}</h2>
            <p className={styles.text}>{posting.requirements}</p>
          </section>
        )}
        <ReportButton
          targetKind="posting"
          targetId={posting.id}
          postingKind={kindOfPosting(posting)}
          authorId={posting.owner.id}
        />
      </article>
      <aside className={styles.side} aria-label={t('apply.title')}>
        <ApplyPanel posting={posting} mine={mine} />
      </aside>
    </div>
  );
}
