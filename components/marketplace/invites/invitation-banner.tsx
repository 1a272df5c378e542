import { useTranslation } from 'next-i18next/pages';
import { useId } from 'react';
import type { TPostingKind } from '@/lib/kinds';
import { usePostingInvitationQuery } from '@/services/invites-api';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import styles from './invites.module.css';

/**
 * "Invited by Andes Labs", with the company's message, on a posting's page for the talent it
 * invited (docs/product.md "Invitations to apply"). The page is the same for everyone, so the
 * invitation is read in the browser, and only for a signed-in talent.
 */
export default function InvitationBanner({ kind, id }: { kind: TPostingKind; id: number }) {
  const { t } = useTranslation('market');
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  const talent = rehydrated && user?.is_talent === true;
  const { data: invitation } = usePostingInvitationQuery({ kind, id }, { skip: !talent });
  const titleId = useId();
  if (!talent || !invitation) return null;
  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('invites.banner', { company: invitation.company.name })}</h2>
      {invitation.message && <p>{invitation.message}</p>}
    </section>
  );
}
