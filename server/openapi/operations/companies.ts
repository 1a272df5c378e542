import * as v from 'valibot';
import {
  auditQuerySchema,
  INVITATION_TOKEN,
  inviteSchema,
  memberRoleSchema,
  resendInvitationSchema,
} from '@/lib/schemas/companies';
import { companyUpdateSchema } from '@/lib/schemas/company-page';
import {
  accepted,
  auditPage,
  chosenCompany,
  companyPage,
  companyRecord,
  invitation,
  invitationSent,
  member,
  membership,
  pendingInvitation,
} from '../answers/companies';
import { doneSaid, okSaid } from '../answers/messages';
import { defineOperations, ok } from '../registry';

// Companies and teams (docs/api.md "Companies and teams"): server/routes/companies.ts and
// server/routes/company-page.ts.

const tag = 'Companies';
const token = { token: v.pipe(v.string(), v.regex(INVITATION_TOKEN)) };

export const companiesOperations = defineOperations([
  {
    method: 'get',
    path: '/me/companies',
    summary: "The caller's companies and their role in each, oldest membership first.",
    tag,
    auth: 'business',
    responses: { 200: ok(v.array(membership)) },
  },
  {
    method: 'get',
    path: '/companies/:id{[0-9]+}/members',
    summary: "The company's members: owners first, then by joining date.",
    tag,
    auth: 'user',
    responses: { 200: ok(v.array(member)) },
  },
  {
    method: 'patch',
    path: '/companies/:id{[0-9]+}/members/:user_id',
    summary: "Changes a member's role (owners only; the last owner stays an owner).",
    tag,
    auth: 'user',
    body: memberRoleSchema,
    responses: { 200: okSaid(member) },
  },
  {
    method: 'delete',
    path: '/companies/:id{[0-9]+}/members/:user_id',
    summary: 'Removes a member, or leaves the company (the last owner cannot).',
    tag,
    auth: 'user',
    responses: { 200: doneSaid() },
  },
  {
    method: 'post',
    path: '/companies/:id{[0-9]+}/invitations',
    summary: 'Invites an e-mail address to the team (owners and admins); the link is mailed.',
    tag,
    auth: 'user',
    body: inviteSchema,
    responses: { 201: okSaid(invitationSent) },
  },
  {
    method: 'get',
    path: '/companies/:id{[0-9]+}/invitations',
    summary: "The company's pending invitations, newest first, expired ones marked.",
    tag,
    auth: 'user',
    responses: { 200: ok(v.array(pendingInvitation)) },
  },
  {
    method: 'delete',
    path: '/companies/:id{[0-9]+}/invitations/:invitation_id',
    summary: 'Revokes a pending invitation: its link then answers 404.',
    tag,
    auth: 'user',
    responses: { 200: doneSaid() },
  },
  {
    method: 'post',
    path: '/companies/:id{[0-9]+}/invitations/:invitation_id/resend',
    summary: 'Mails a pending invitation again with a new link valid 7 more days.',
    tag,
    auth: 'user',
    body: resendInvitationSchema,
    responses: { 200: okSaid(invitationSent) },
  },
  {
    method: 'get',
    path: '/companies/:id{[0-9]+}/audit',
    summary: "A page of the company's audit log, newest first (owners and admins).",
    tag,
    auth: 'user',
    query: auditQuerySchema,
    responses: { 200: ok(auditPage) },
  },
  {
    method: 'get',
    path: '/invitations/:token',
    summary: "What an invitation's link offers, for anyone holding it.",
    tag,
    auth: 'none',
    params: token,
    responses: { 200: ok(invitation) },
  },
  {
    method: 'post',
    path: '/invitations/:token/accept',
    summary: 'Joins the company: the signed-in business account with the invited e-mail.',
    tag,
    auth: 'user',
    params: token,
    responses: { 200: okSaid(accepted) },
  },
  {
    method: 'get',
    path: '/companies/:slug{[^/]+}',
    summary: "A company's public page: its details, open postings, rating and responsiveness.",
    tag,
    auth: 'none',
    params: { slug: v.string() },
    responses: { 200: ok(companyPage) },
  },
  {
    method: 'patch',
    path: '/companies/:id{[^/]+}',
    summary: "Edits the company's page (owners and admins): the fields sent change.",
    tag,
    auth: 'user',
    body: companyUpdateSchema,
    responses: { 200: okSaid(companyRecord) },
  },
  {
    method: 'get',
    path: '/me/company',
    summary:
      "The chosen company (company_id, else the tc_company cookie, else the oldest membership) and the caller's role.",
    tag,
    auth: 'user',
    responses: { 200: ok(chosenCompany) },
  },
]);
