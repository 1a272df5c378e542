import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { EmailField } from '@/components/ui/text-field';
import { formatDay } from '@/lib/format/day';
import { langOf } from '@/lib/i18n/lang';
import { APPLICATION_STATUS, statusName } from '@/lib/statuses';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import {
  companiesApi,
  useChangeMemberRoleMutation,
  useCompanyAuditQuery,
  useCompanyInvitationsQuery,
  useCompanyMembersQuery,
  useInviteMutation,
  useRemoveMemberMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} from '@/services/companies-api';
import type { AppStore } from '@/store';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import type { TAddress } from '@/store/session-preload';
import type {
  TAuditEntry,
  TCompanyRef,
  TCompanyRole,
  TInviteRole,
  TMember,
  TPendingInvitation,
} from '@/types/companies';
import styles from './team.module.css';
import { canOf, membershipOf, useCurrentCompany } from './use-company';
import type { TFunction } from 'i18next';
import { personName } from '@/lib/person-name';

// /business/team (docs/product.md "Companies and teams", "Screens"): the chosen company's members,
// its pending invitations, an invitation form and its audit log. Each part shows only what the
// member's role may do; the server decides, and its refusals are said in words.

const ROLES: TCompanyRole[] = ['owner', 'admin', 'recruiter'];
const INVITE_ROLES: TInviteRole[] = ['recruiter', 'admin'];
const AUDIT_PER_PAGE = 20;

const fullName = (p: { name: string; last_name: string }) => `${p.name} ${p.last_name}`.trim();

/** Failures of the team's calls, with the team's own words for its codes. */
function useTeamFailure() {
  const { t } = useTranslation('team');
  const say = useFailureText();
  return (failure: unknown) =>
    say(failure, {
      codes: {
        last_owner: t('errors.last_owner'),
        forbidden: t('errors.forbidden'),
        conflict: t('invite.conflict'),
      },
      serverWords: true,
    });
}

type TAsk =
  | { kind: 'remove'; member: TMember }
  | { kind: 'leave'; member: TMember }
  | { kind: 'revoke'; invitation: TPendingInvitation };

/**
 * The team's first reads (store/session-preload.ts): the user's companies, then the chosen one's
 * members and, for an owner or admin, its invitations and the log's first page. The server waits
 * for them and renders the team (page-state/signed-in-page.ts).
 */
export async function prefetch(store: AppStore, { company }: TAddress): Promise<void> {
  if (store.getState().auth.user?.is_talent !== false) return;
  const companies = store.dispatch(
    companiesApi.endpoints.myCompanies.initiate(undefined, { subscribe: false }),
  );
  const current = membershipOf((await companies).data ?? [], company);
  if (!current) return;
  const companyId = current.company.id;
  store.dispatch(companiesApi.util.prefetch('companyMembers', companyId, {}));
  if (canOf(current.role).manageTeam) {
    store.dispatch(companiesApi.util.prefetch('companyInvitations', companyId, {}));
    store.dispatch(
      companiesApi.util.prefetch(
        'companyAudit',
        { companyId, page: 1, perPage: AUDIT_PER_PAGE },
        {},
      ),
    );
  }
}

/**
 * The team screen. It keeps the height of a screen from its first paint and shows its sections
 * together once their first reads are in, so nothing on the page moves as they arrive (the
 * layout-shift budget, docs/performance.md).
 */
export default function TeamScreen() {
  const { company, role, loading } = useCurrentCompany();
  let body;
  if (loading) body = <TeamLoading />;
  else if (!company || !role) body = <NoCompany />;
  else body = <Team key={company.id} company={company} role={role} />;
  return <div className={styles.screen}>{body}</div>;
}

export function TeamLoading() {
  const { t } = useTranslation('team');
  return (
    <p className={styles.muted} role="status">
      {t('loading')}
    </p>
  );
}

function NoCompany() {
  const { t } = useTranslation('team');
  return <p>{t('no_company')}</p>;
}

/** Whether the team's first reads (members; for managers, invitations and the log's first page) are still under way. */
function useFirstReadsPending(companyId: number, manage: boolean) {
  const members = useCompanyMembersQuery(companyId);
  const invitations = useCompanyInvitationsQuery(companyId, { skip: !manage });
  const audit = useCompanyAuditQuery(
    { companyId, page: 1, perPage: AUDIT_PER_PAGE },
    { skip: !manage },
  );
  return members.isLoading || invitations.isLoading || audit.isLoading;
}

function Team({ company, role }: { company: TCompanyRef; role: TCompanyRole }) {
  const { t } = useTranslation('team');
  const can = canOf(role);
  const [ask, setAsk] = useState<TAsk | null>(null);
  if (useFirstReadsPending(company.id, can.manageTeam)) return <TeamLoading />;
  return (
    <>
      <p>{t('lead', { company: company.name })}</p>
      <Members company={company} role={role} onAsk={setAsk} />
      {can.manageTeam && (
        <>
          <InviteForm companyId={company.id} />
          <Invitations companyId={company.id} onAsk={setAsk} />
          <AuditLog companyId={company.id} />
        </>
      )}
      <Confirm company={company} ask={ask} onDone={() => setAsk(null)} />
    </>
  );
}

function Members({
  company,
  role,
  onAsk,
}: {
  company: TCompanyRef;
  role: TCompanyRole;
  onAsk: (ask: TAsk) => void;
}) {
  const { t, i18n } = useTranslation('team');
  const me = useAppSelector(selectUser);
  const teamFailure = useTeamFailure();
  const { data, isError } = useCompanyMembersQuery(company.id);
  const [changeRole] = useChangeMemberRoleMutation();
  const can = canOf(role);

  async function setRole(member: TMember, next: TCompanyRole) {
    const outcome = await settle(
      changeRole({ companyId: company.id, userId: member.user.id, role: next }),
    );
    if (!outcome.ok) return toastError(teamFailure(outcome.failure));
    toastSuccess(
      t('members.role_changed', {
        name: fullName(member.user),
        role: t(`role_in_sentence.${next}`),
      }),
    );
  }

  return (
    <section className={styles.section} aria-labelledby="team-members">
      <h2 id="team-members">{t('members.title')}</h2>
      {isError && <p role="alert">{t('errors.load')}</p>}
      {!data && !isError && (
        <p className={styles.muted} role="status">
          {t('loading')}
        </p>
      )}
      {data && (
        <ul className={styles.rows}>
          {data.map((m) => {
            const self = m.user.id === me?.id;
            const mayRemove = !self && (role === 'owner' || (can.manageTeam && m.role !== 'owner'));
            const name = fullName(m.user);
            return (
              <li key={m.user.id} className={styles.row}>
                <div className={styles.who}>
                  <strong>
                    {name} {self && t('members.you')}
                  </strong>
                  <span className={styles.muted}>{m.user.email}</span>
                  <span className={styles.muted}>
                    {t('members.joined')}{' '}
                    <time dateTime={m.joined_at}>{formatDay(m.joined_at, i18n.language)}</time>
                  </span>
                </div>
                <div className={styles.actions}>
                  {can.changeRoles ? (
                    <SelectField
                      label={t('members.role_of', { name })}
                      value={m.role}
                      onChange={(e) => void setRole(m, e.target.value as TCompanyRole)}
                      options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                    />
                  ) : (
                    <span>{t(`roles.${m.role}`)}</span>
                  )}
                  {mayRemove && (
                    <Button variant="ghost" onClick={() => onAsk({ kind: 'remove', member: m })}>
                      {t('members.remove')}
                    </Button>
                  )}
                  {self && (
                    <Button variant="ghost" onClick={() => onAsk({ kind: 'leave', member: m })}>
                      {t('members.leave')}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function InviteForm({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation('team');
  const teamFailure = useTeamFailure();
  const fields = useFieldErrors();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TInviteRole>('recruiter');
  const [alert, setAlert] = useState<string | null>(null);
  const [invite, { isLoading }] = useInviteMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    const outcome = await settle(
      invite({ companyId, email: email.trim(), role, lang: langOf(i18n.language) }),
    );
    if (!outcome.ok) {
      fields.setErrors(outcome.failure.fields);
      const shown = outcome.failure.fields.every((f) => f.path === 'email' || f.path === 'role');
      if (outcome.failure.fields.length === 0 || !shown) setAlert(teamFailure(outcome.failure));
      return;
    }
    toastSuccess(t('invite.sent', { email: outcome.data.email }));
    setEmail('');
  }

  return (
    <section className={styles.section} aria-labelledby="team-invite">
      <h2 id="team-invite">{t('invite.title')}</h2>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {alert && (
          <p className={styles.alert} role="alert">
            {alert}
          </p>
        )}
        <EmailField
          label={t('invite.email')}
          name="email"
          autoComplete="off"
          {...fields.bind('email', email, setEmail)}
        />
        <SelectField
          label={t('invite.role')}
          name="role"
          value={role}
          error={fields.text('role')}
          onChange={(e) => {
            setRole(e.target.value as TInviteRole);
            fields.clear('role');
          }}
          options={INVITE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
        <div>
          <Button type="submit" disabled={isLoading}>
            {t('invite.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Invitations({ companyId, onAsk }: { companyId: number; onAsk: (ask: TAsk) => void }) {
  const { t, i18n } = useTranslation('team');
  const teamFailure = useTeamFailure();
  const { data, isError } = useCompanyInvitationsQuery(companyId);
  const [resend] = useResendInvitationMutation();

  async function again(invitation: TPendingInvitation) {
    const outcome = await settle(
      resend({ companyId, invitationId: invitation.id, lang: langOf(i18n.language) }),
    );
    if (!outcome.ok) return toastError(teamFailure(outcome.failure));
    toastSuccess(t('invitations.resent', { email: invitation.email }));
  }

  return (
    <section className={styles.section} aria-labelledby="team-invitations">
      <h2 id="team-invitations">{t('invitations.title')}</h2>
      {isError && <p role="alert">{t('errors.load')}</p>}
      {data?.length === 0 && <p className={styles.muted}>{t('invitations.empty')}</p>}
      {data && data.length > 0 && (
        <ul className={styles.rows}>
          {data.map((i) => (
            <li key={i.id} className={styles.row}>
              <div className={styles.who}>
                <strong>{i.email}</strong>
                <span className={styles.muted}>{t(`roles.${i.role}`)}</span>
                <span className={styles.muted}>
                  {i.expired
                    ? t('invitations.expired')
                    : t('invitations.expires', { date: formatDay(i.expires_at, i18n.language) })}
                </span>
              </div>
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => void again(i)}>
                  {t('invitations.resend')}
                </Button>
                <Button variant="ghost" onClick={() => onAsk({ kind: 'revoke', invitation: i })}>
                  {t('invitations.revoke')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One audit entry as a sentence in the active language. */
export function useAuditSentence() {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('market');
  const status = (value: unknown) =>
    tm(`statuses.application.${statusName(APPLICATION_STATUS, Number(value)) ?? 'applied'}`);
  const role = (value: unknown) =>
    typeof value === 'string' && (ROLES as string[]).includes(value)
      ? t(`role_in_sentence.${value}`)
      : String(value ?? '');
  return (entry: TAuditEntry) => {
    const target = entry.target ?? { type: '', id: null };
    const actor = entry.actor ? personName(t as TFunction, entry.actor) : t('audit.someone');
    const label = target.label ?? '';
    const [group, verb] = entry.action.split('.');
    const known = t(`audit.actions.${entry.action}`, { defaultValue: '' }) !== '';
    const moved = group === 'application';
    const posting =
      typeof target.posting === 'object' && target.posting
        ? (target.posting.name ?? '')
        : (target.posting ?? '');
    const values = {
      actor,
      label,
      role: role(target.role),
      from: moved ? status(target.from) : role(target.from),
      to: moved ? status(target.to) : role(target.to),
      posting,
      action: `${group ?? ''} ${verb ?? ''}`.trim(),
    };
    return known ? t(`audit.actions.${entry.action}`, values) : t('audit.actions.other', values);
  };
}

function AuditLog({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation('team');
  const [page, setPage] = useState(1);
  const { data, isError } = useCompanyAuditQuery({ companyId, page, perPage: AUDIT_PER_PAGE });
  const sentence = useAuditSentence();
  return (
    <section className={styles.section} aria-labelledby="team-audit">
      <h2 id="team-audit">{t('audit.title')}</h2>
      {isError && <p role="alert">{t('errors.load')}</p>}
      {data?.data.length === 0 && <p className={styles.muted}>{t('audit.empty')}</p>}
      {data && data.data.length > 0 && (
        <>
          <ol className={styles.rows}>
            {data.data.map((e) => (
              <li key={e.id} className={styles.row}>
                <span>{sentence(e)}</span>
                <time className={styles.muted} dateTime={e.created_at}>
                  {formatDay(e.created_at, i18n.language)}
                </time>
              </li>
            ))}
          </ol>
          {data.last_page > 1 && (
            <nav className={styles.pager} aria-label={t('audit.title')}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('audit.newer')}
              </Button>
              <span>{t('audit.page', { page: data.page, pages: data.last_page })}</span>
              <Button
                variant="secondary"
                disabled={page >= data.last_page}
                onClick={() => setPage(page + 1)}
              >
                {t('audit.older')}
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/** The confirmations of removing a member, leaving, and revoking an invitation. */
function Confirm({
  company,
  ask,
  onDone,
}: {
  company: TCompanyRef;
  ask: TAsk | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('team');
  const teamFailure = useTeamFailure();
  const [remove] = useRemoveMemberMutation();
  const [revoke] = useRevokeInvitationMutation();

  async function go(current: TAsk) {
    onDone();
    if (current.kind === 'revoke') {
      const { invitation } = current;
      const outcome = await settle(revoke({ companyId: company.id, invitationId: invitation.id }));
      if (!outcome.ok) return toastError(teamFailure(outcome.failure));
      return toastSuccess(t('invitations.revoked', { email: invitation.email }));
    }
    const { member } = current;
    const outcome = await settle(remove({ companyId: company.id, userId: member.user.id }));
    if (!outcome.ok) return toastError(teamFailure(outcome.failure));
    toastSuccess(
      current.kind === 'leave'
        ? t('members.left', { company: company.name })
        : t('members.removed', { name: fullName(member.user) }),
    );
  }

  const title = !ask
    ? ''
    : ask.kind === 'revoke'
      ? t('invitations.revoke_title', { email: ask.invitation.email })
      : ask.kind === 'leave'
        ? t('members.leave_title', { company: company.name })
        : t('members.remove_title', { name: fullName(ask.member.user), company: company.name });
  const body = !ask
    ? ''
    : ask.kind === 'revoke'
      ? t('invitations.revoke_body')
      : ask.kind === 'leave'
        ? t('members.leave_body')
        : t('members.remove_body');
  const action = !ask
    ? ''
    : ask.kind === 'revoke'
      ? t('invitations.revoke')
      : ask.kind === 'leave'
        ? t('members.leave')
        : t('members.remove');
  return (
    <Dialog
      open={ask !== null}
      title={title}
      onClose={onDone}
      actions={
        <>
          <Button variant="ghost" onClick={onDone}>
            {ask?.kind === 'revoke' ? t('invitations.keep') : t('members.keep')}
          </Button>
          <Button variant="danger" onClick={() => ask && void go(ask)}>
            {action}
          </Button>
        </>
      }
    >
      <p>{body}</p>
    </Dialog>
  );
}
