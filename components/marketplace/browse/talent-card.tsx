import dynamic from 'next/dynamic';
import Link from 'next/link';
import { SaveHeart } from '@/components/favorites/save-heart';
import { Avatar } from '@/components/ui/avatar';
import { ChipList } from '@/components/ui/chip-list';
import type { TOption } from '@/components/ui/select-field';
import type { TTalentCard } from '@/types/marketplace';
import styles from './opportunities.module.css';
import own from './talent-search.module.css';

// "Invite to apply" (its dialog and the company's postings) loads once talents are shown.
const InviteToApply = dynamic(() => import('@/components/marketplace/invites/invite-to-apply'), {
  ssr: false,
});

/**
 * A talent as a business's lists show one (the talents tab, its Saved tab): photo, name, place,
 * headline and skills, with "Invite to apply" and the heart at its foot.
 */
export function TalentCard({ talent, countries }: { talent: TTalentCard; countries: TOption[] }) {
  const name = `${talent.name} ${talent.last_name}`.trim();
  return (
    <article className={styles.card}>
      <div className={own.who}>
        <Avatar
          url={talent.avatar_url}
          name={talent.name}
          lastName={talent.last_name}
          size={56}
          classes={{ photo: own.avatar, initials: own.initials }}
          lazy
        />
        <div>
          <h2 className={styles.cardTitle}>
            <Link href={`/talents/${talent.id}`}>{name}</Link>
          </h2>
          <p className={styles.company}>
            {[talent.city, countries.find((c) => c.value === talent.country_code)?.label]
              .filter(Boolean)
              .join(', ')}
          </p>
        </div>
      </div>
      {talent.headline && <p className={styles.summary}>{talent.headline}</p>}
      <ChipList items={talent.skills.map((s) => ({ key: s, label: s }))} />
      <div className={own.actions}>
        <InviteToApply talentId={talent.id} name={name} />
        <SaveHeart
          kind="talent"
          id={talent.id}
          name={name}
          saved={talent.saved}
          className={own.heart}
        />
      </div>
    </article>
  );
}
