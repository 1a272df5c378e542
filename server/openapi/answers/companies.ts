import * as v from 'valibot';
import { POSTING_KINDS } from '@/lib/kinds';
import { MODALITIES } from '@/lib/marketplace';
import { INVITABLE_ROLES, MEMBER_ROLES } from '@/lib/schemas/companies';
import { isoDate } from '../registry';
import { day, int, pageOf } from './messages';

// The answers of the companies' calls (docs/api.md "Companies and teams"), as
// server/services/companies/* shape them.

const memberRole = v.picklist(MEMBER_ROLES);
const inviteRole = v.picklist(INVITABLE_ROLES);

/** A person as the team screens name them. */
const personName = v.strictObject({ id: int(), name: v.string(), last_name: v.string() });

/** `GET /me/companies`: one of the caller's memberships. */
export const membership = v.strictObject({
  company: v.strictObject({
    id: int(),
    slug: v.string(),
    name: v.string(),
    logo_url: v.nullable(v.string()),
  }),
  role: memberRole,
});

/** A member of the team (`memberDto`). */
export const member = v.strictObject({
  user: v.strictObject({
    id: int(),
    name: v.string(),
    last_name: v.string(),
    email: v.string(),
    avatar_url: v.nullable(v.string()),
  }),
  role: memberRole,
  joined_at: isoDate(),
});

const invitationSentEntries = {
  id: int(),
  email: v.string(),
  role: inviteRole,
  expires_at: isoDate(),
};

/** `POST /companies/{id}/invitations` and its resend (`invitationDto`). */
export const invitationSent = v.strictObject(invitationSentEntries);

/** `GET /companies/{id}/invitations`: a pending invitation. */
export const pendingInvitation = v.strictObject({
  ...invitationSentEntries,
  expired: v.boolean(),
  created_at: isoDate(),
  invited_by: v.nullable(personName),
});

/** `GET /invitations/{token}`: what the link's page shows. */
export const invitation = v.strictObject({
  company: v.strictObject({ name: v.string(), slug: v.string(), logo_url: v.nullable(v.string()) }),
  role: inviteRole,
  email: v.string(),
  expired: v.boolean(),
  inviter: v.nullable(v.strictObject({ name: v.string(), last_name: v.string() })),
});

/** `POST /invitations/{token}/accept`: the membership made. */
export const accepted = v.strictObject({
  company: v.strictObject({ id: int(), slug: v.string(), name: v.string() }),
  role: inviteRole,
  joined_at: isoDate(),
});

/** The actions of the company's audit log (types/companies.ts `TAuditAction`). */
export const AUDIT_ACTIONS = [
  'invitation.created',
  'invitation.revoked',
  'invitation.resent',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'company.updated',
  'posting.created',
  'posting.updated',
  'posting.cancelled',
  'posting.started',
  'posting.finished',
  'posting.in_selection',
  'posting.expired',
  'application.moved',
] as const;

/**
 * What an audit entry acted on (server/services/companies/audit.ts `TAuditTarget`): its type, id
 * and label, and the details of the act, present where the act has them: `from`/`to` (a role
 * change's roles, an application move's status ids), `role` (a membership or an invitation),
 * `fields` (the fields an edit changed), `posting` and `talent_id` (an application move).
 */
export const auditTarget = v.strictObject({
  type: v.picklist([
    'member',
    'invitation',
    'company',
    'project',
    'job',
    'project_application',
    'job_application',
  ]),
  id: int(),
  label: v.string(),
  from: v.optional(v.union([memberRole, int()])),
  to: v.optional(v.union([memberRole, int()])),
  role: v.optional(memberRole),
  fields: v.optional(v.array(v.string())),
  posting: v.optional(
    v.strictObject({ kind: v.picklist(POSTING_KINDS), id: int(), name: v.string() }),
  ),
  talent_id: v.optional(int()),
});

/** `GET /companies/{id}/audit`: one entry; `actor` null for automatic acts or a gone account. */
export const auditEntry = v.strictObject({
  id: int(),
  actor: v.nullable(personName),
  action: v.picklist(AUDIT_ACTIONS),
  target: auditTarget,
  created_at: isoDate(),
});

export const auditPage = pageOf(auditEntry);

const rating = v.strictObject({ average: v.nullable(v.number()), count: int() });

const companyEntries = {
  id: int(),
  slug: v.string(),
  name: v.string(),
  logo_url: v.nullable(v.string()),
  about: v.nullable(v.string()),
  website: v.nullable(v.string()),
  country_code: v.nullable(v.string()),
};

/** `PATCH /companies/{id}`, `GET /me/company` (`companyDto`). */
export const companyRecord = v.strictObject({ ...companyEntries, rating });

/** How quickly a company answers its applicants; null below the sample's minimum. */
export const responsiveness = v.nullable(
  v.strictObject({
    answered_share: v.number(),
    median_days_to_first_move: v.nullable(v.number()),
    sample: int(),
  }),
);

/** `GET /companies/{slug}`: the public page. */
export const companyPage = v.strictObject({
  ...companyEntries,
  open_postings: v.array(
    v.strictObject({
      kind: v.picklist(POSTING_KINDS),
      id: int(),
      name: v.string(),
      summary: v.string(),
      modality: v.picklist(MODALITIES),
      country_code: v.nullable(v.string()),
      end_date: v.nullable(day()),
      created_at: isoDate(),
    }),
  ),
  rating,
  responsiveness,
});

/** `GET /me/company`: the chosen company and the caller's role in it. */
export const chosenCompany = v.strictObject({ company: companyRecord, role: memberRole });
