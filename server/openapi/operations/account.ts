import {
  changeEmailSchema,
  confirmEmailSchema,
  deleteAccountSchema,
  emailVerificationSchema,
} from '@/lib/schemas/account';
import {
  accountDeletedAnswer,
  emailChangeAnswer,
  emailConfirmAnswer,
  emailVerificationAnswer,
} from '../answers/account';
import { defineOperations } from '../registry';

export const accountOperations = defineOperations([
  {
    method: 'post',
    path: '/me/email/verification',
    summary: 'Sends the e-mail confirmation link again (unless the address is confirmed).',
    tag: 'Own account',
    auth: 'user',
    body: emailVerificationSchema,
    responses: { 200: emailVerificationAnswer },
  },
  {
    method: 'post',
    path: '/me/email/confirm',
    summary: "Confirms an address (or an address change) with the link's signed token.",
    tag: 'Own account',
    auth: 'none',
    body: confirmEmailSchema,
    responses: { 200: emailConfirmAnswer },
  },
  {
    method: 'post',
    path: '/me/email',
    summary: 'Asks to change the e-mail: a link goes to the new address.',
    tag: 'Own account',
    auth: 'user',
    body: changeEmailSchema,
    responses: { 200: emailChangeAnswer },
  },
  {
    method: 'get',
    path: '/me/export',
    summary: "All the account's data as a JSON file to keep.",
    tag: 'Own account',
    auth: 'user',
    responses: {
      200: {
        contentType: 'application/json',
        description: 'The export document, as an attachment (not the envelope).',
      },
    },
  },
  {
    method: 'delete',
    path: '/me',
    summary: 'Deletes the account (the current password or a Google ID token is asked).',
    tag: 'Own account',
    auth: 'user',
    body: deleteAccountSchema,
    responses: { 200: accountDeletedAnswer },
  },
]);
