/** docs/api.md "Companies and teams": the shapes of companies, their members and invitations. */

export type TCompanyRole = 'owner' | 'admin' | 'recruiter';

/** A company as a posting or a membership names it. */
export type TCompanyRef = { id: number; slug: string; name: string; logo_url?: string | null };

/** `GET /me/companies`: one of the user's memberships (oldest first). */
export type TMembership = { company: TCompanyRef; role: TCompanyRole };

/** `GET /companies/{slug}`: the public company. */
export type TCompany = {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
  about: string | null;
  website: string | null;
  country_code: string | null;
  open_postings?: {
    kind: 'project' | 'job';
    id: number;
    name: string;
    summary: string;
    modality: string;
    country_code: string | null;
    end_date: string | null;
    created_at: string;
  }[];
  rating?: { average: number | null; count: number };
};

export type TCompanyPatch = Partial<
  Pick<TCompany, 'name' | 'logo_url' | 'about' | 'website' | 'country_code'>
>;

/** A person as the team screens name them. */
export type TPersonName = { id: number; name: string; last_name: string };

/** `GET /companies/{id}/members`: owners first, then by joining date. */
export type TMember = {
  user: TPersonName & { email: string; avatar_url: string | null };
  role: TCompanyRole;
  joined_at: string;
};

/** The role an invitation offers (an owner is made by a role change, never invited). */
export type TInviteRole = 'admin' | 'recruiter';

/** `POST /companies/{id}/invitations` and its resend. */
export type TInvitationSent = { id: number; email: string; role: TInviteRole; expires_at: string };

/** `GET /companies/{id}/invitations`: a pending invitation (newest first). */
export type TPendingInvitation = TInvitationSent & {
  expired: boolean;
  created_at: string;
  invited_by: TPersonName | null;
};

/** `GET /invitations/{token}`: what the invitation page shows anyone holding the link. */
export type TInvitation = {
  company: { name: string; slug: string; logo_url: string | null };
  role: TInviteRole;
  email: string;
  expired: boolean;
  inviter: { name: string; last_name: string } | null;
};

/** `POST /invitations/{token}/accept`. */
export type TAccepted = { company: TCompanyRef; role: TCompanyRole; joined_at: string };

export type TAuditAction =
  | 'invitation.created'
  | 'invitation.revoked'
  | 'invitation.resent'
  | 'member.joined'
  | 'member.role_changed'
  | 'member.removed'
  | 'member.left'
  | 'company.updated'
  | 'posting.created'
  | 'posting.updated'
  | 'posting.cancelled'
  | 'posting.started'
  | 'posting.finished'
  /** Automatic (docs/product.md "Deadlines"): no actor. */
  | 'posting.in_selection'
  | 'posting.expired'
  | 'application.moved';

/** What an audit entry acted on: `label` names it; details (`from`, `to`, `role`…) vary. */
export type TAuditTarget = {
  type: string;
  id: number | null;
  label?: string | null;
  from?: string | number | null;
  to?: string | number | null;
  role?: string | null;
  posting?: string | { kind?: string; id?: number; name?: string } | null;
  [detail: string]: unknown;
};

/** `GET /companies/{id}/audit`: one entry (newest first). */
export type TAuditEntry = {
  id: number;
  actor: TPersonName | null;
  action: TAuditAction | string;
  target: TAuditTarget | null;
  created_at: string;
};

/**
 * `POST /users/register` from an invitation: a business account without a workplace of its own,
 * which joins the inviting company.
 */
export type TInvitedRegistration = {
  is_talent: false;
  invitation_token: string;
  email: string;
  name: string;
  last_name: string;
  phone?: unknown;
  password?: unknown;
  google_id_token?: unknown;
  lang?: 'en' | 'es';
};

/**
 * What the contract adds to existing shapes (docs/api.md "Companies and teams"), read where a
 * server that does not send them yet must still work: a posting's `company`, a board history
 * entry's `actor`.
 */
export type TWithCompany = { company?: { id: number; slug: string; name: string } | null };
export type TWithActor = { actor?: TPersonName | null };
