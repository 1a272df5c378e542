import dynamic from 'next/dynamic';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import type { TPublicUser } from '@/types/user';
import { SaveHeart } from '@/components/favorites/save-heart';
import { ReportButton } from '@/components/trust/report-button';
import { ProfileView } from './profile-view';
import styles from './talent-profile.module.css';

// A business sees the contact of talents who applied to its postings: read with its own token,
// in the browser, and only then (the page itself is the same for everyone).
const ContactForBusiness = dynamic(() => import('./talent-contact'), { ssr: false });
// "Invite to apply" to one of the company's open postings (docs/product.md "Invitations to apply").
const InviteToApply = dynamic(() => import('@/components/marketplace/invites/invite-to-apply'), {
  ssr: false,
});

/** A public profile as the server rendered it, with the viewer's extras once they are known. */
export function TalentProfile({
  profile,
  countryName,
}: {
  profile: TPublicUser;
  countryName: string | null;
}) {
  const { rehydrated } = useSession();
  const viewer = useAppSelector(selectUser);
  const business = rehydrated && viewer && !viewer.is_talent && viewer.id !== profile.id;
  return (
    <>
      {business && profile.is_talent && (
        <div className={styles.actions}>
          <SaveHeart
            kind="talent"
            id={profile.id}
            name={`${profile.person.name} ${profile.person.last_name}`.trim()}
          />
        </div>
      )}
      <ProfileView user={profile} countryName={countryName} />
      {business && <ContactForBusiness talentId={profile.id} />}
      {business && (
        <InviteToApply
          talentId={profile.id}
          name={`${profile.person.name} ${profile.person.last_name}`.trim()}
        />
      )}
      <ReportButton targetKind="profile" targetId={profile.id} authorId={profile.id} />
    </>
  );
}
