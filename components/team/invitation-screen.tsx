import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useSignOut } from '@/components/auth/use-session-actions';
import { useFailureText } from '@/components/forms/failure-text';
import { Button, ButtonLink } from '@/components/ui/button';
import { writeCompanyChoice } from '@/lib/company-choice';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import { useAcceptInvitationMutation } from '@/services/companies-api';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import type { TInvitation } from '@/types/companies';
import styles from './team.module.css';

// /invitations/{token} (docs/product.md "Companies and teams", "Screens"): who invites to which
// company with which role, and the one step left for the visitor: accept (signed in with the
// invited e-mail), sign out (another e-mail), or sign in or create an account (signed out).

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Where "Create an account" leads: a business registration for the invited e-mail. */
export const registerHref = (token: string, invitation: TInvitation) =>
  `/auth/register?${new URLSearchParams({
    invitation: token,
    email: invitation.email,
    next: '/business/postings',
  }).toString()}`;

/** The invitation of `token`, as the page's server read it (null: unknown, used or revoked). */
export default function InvitationScreen({
  token,
  invitation: data,
}: {
  token: string;
  invitation: TInvitation | null;
}) {
  const { t } = useTranslation('team');
  if (!data) return <p role="alert">{t('invitation.invalid')}</p>;
  const role = t(`role_in_sentence.${data.role}`);
  return (
    <>
      <p className={styles.lead}>
        {data.inviter
          ? t('invitation.invites', {
              inviter: `${data.inviter.name} ${data.inviter.last_name}`.trim(),
              company: data.company.name,
              role,
            })
          : t('invitation.invites_plain', { company: data.company.name, role })}
      </p>
      {data.expired ? (
        <p role="alert">{t('invitation.expired')}</p>
      ) : (
        <Next token={token} invitation={data} />
      )}
    </>
  );
}

function Next({ token, invitation }: { token: string; invitation: TInvitation }) {
  const { t } = useTranslation('team');
  const router = useRouter();
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  const signOut = useSignOut();
  const say = useFailureText();
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const here = `/invitations/${encodeURIComponent(token)}`;

  async function onAccept() {
    const outcome = await settle(accept(token));
    if (!outcome.ok) {
      const { code } = outcome.failure;
      return toastError(
        code === 'expired'
          ? t('invitation.expired')
          : code === 'conflict'
            ? t('invitation.already_member', { company: invitation.company.name })
            : code === 'not_found'
              ? t('invitation.invalid')
              : say(outcome.failure, { serverWords: true }),
      );
    }
    writeCompanyChoice(outcome.data.company.id);
    toastSuccess(t('invitation.accepted', { company: outcome.data.company.name }));
    await router.push('/business/postings');
  }

  if (!rehydrated) return null;
  if (!user) {
    return (
      <>
        <p>{t('invitation.signed_out', { email: invitation.email })}</p>
        <div className={styles.actions}>
          <ButtonLink href={`/auth/login?next=${encodeURIComponent(here)}`}>
            {t('invitation.sign_in')}
          </ButtonLink>
          <ButtonLink href={registerHref(token, invitation)} variant="secondary">
            {t('invitation.create_account')}
          </ButtonLink>
        </div>
      </>
    );
  }
  if (!sameEmail(user.email ?? '', invitation.email)) {
    return (
      <>
        <p role="alert">
          {t('invitation.other_email', { email: invitation.email, current: user.email ?? '' })}
        </p>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => void signOut(`/auth/login?next=${encodeURIComponent(here)}`)}
          >
            {t('invitation.sign_out')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      <p>{t('invitation.for', { email: invitation.email })}</p>
      <div className={styles.actions}>
        <Button onClick={() => void onAccept()} disabled={isLoading}>
          {t('invitation.accept')}
        </Button>
      </div>
    </>
  );
}
