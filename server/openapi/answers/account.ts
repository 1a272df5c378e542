import * as v from 'valibot';

// One's own account (docs/api.md "One's own account").

const withMessage = <S extends v.GenericSchema>(data: S) =>
  v.strictObject({
    status: v.literal(true),
    data,
    message: v.string(),
    message_es: v.string(),
  });

export const emailVerificationAnswer = withMessage(
  v.strictObject({ email_verified: v.boolean(), sent: v.boolean() }),
);

export const emailConfirmAnswer = withMessage(
  v.strictObject({ purpose: v.picklist(['confirm', 'change']), email: v.string() }),
);

export const emailChangeAnswer = withMessage(v.strictObject({ pending_email: v.string() }));

export const accountDeletedAnswer = withMessage(v.strictObject({ deleted: v.literal(true) }));
