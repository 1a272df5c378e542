import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useBusy } from '@/components/forms/use-busy';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { langOf } from '@/lib/i18n/lang';
import { registerSchema, type TRegisterInput } from '@/lib/schemas/users';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import { toastSuccess } from '@/lib/toast';
import { register } from '@/services/auth-service';
import type { TInvitedRegistration } from '@/types/companies';
import { useSignIn } from './use-session-actions';

export type TGoogleRegistration = {
  email: string;
  name: string;
  last_name: string;
  google_id: string;
};

type TForm = {
  is_talent: boolean;
  name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  workplace_name: string;
  position: string;
  start_date: string;
};
type TTextField = Exclude<keyof TForm, 'is_talent'>;

/** `?invitation=<token>&email=…`: a registration from a company's invitation (components/team/invitation-screen.tsx). */
function useInvitationQuery(): { token: string; email: string } | null {
  const { query } = useRouter();
  const token = typeof query.invitation === 'string' ? query.invitation : '';
  const email = typeof query.email === 'string' ? query.email : '';
  return token ? { token, email } : null;
}

/**
 * The state and call of the registration form (components/auth/register-form.tsx). From an
 * invitation, the account is a business one for the invited e-mail, without a workplace of its
 * own: it joins the inviting company (docs/api.md "Companies and teams").
 */
export function useRegisterForm(google?: TGoogleRegistration) {
  const { t, i18n } = useTranslation('common');
  const invitation = useInvitationQuery();
  const signIn = useSignIn();
  const fields = useFieldErrors();
  const failureText = useFailureText();
  const [form, setForm] = useState<TForm>({
    is_talent: !invitation,
    name: google?.name ?? '',
    last_name: google?.last_name ?? '',
    email: google?.email ?? invitation?.email ?? '',
    phone: '',
    password: '',
    workplace_name: '',
    position: '',
    start_date: '',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, during } = useBusy();
  const set = (key: TTextField) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    fields.clear(key);
    setFailure(null);
  };

  function payload(): TRegisterInput {
    const common = {
      email: form.email,
      name: form.name,
      last_name: form.last_name,
      phone: form.phone,
      lang: langOf(i18n.language),
      ...(google ? { google_id_token: google.google_id } : { password: form.password }),
    };
    return form.is_talent || invitation
      ? { ...common, is_talent: true }
      : {
          ...common,
          is_talent: false,
          workplace_name: form.workplace_name,
          position: form.position,
          start_date: form.start_date,
          work_here: true,
        };
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const input: TRegisterInput | TInvitedRegistration = invitation
      ? { ...payload(), is_talent: false, invitation_token: invitation.token }
      : payload();
    // An invited business names no workplace: its other fields are checked as a talent's are.
    const checked = invitation ? { ...input, is_talent: true } : input;
    if (!fields.check(registerSchema, checked).ok) return;
    const outcome = await during(() => register(input));
    if (!outcome.ok) {
      fields.setErrors(outcome.failure.fields);
      // docs/product.md "Error catalogue": the server's word on a refusal (next to the fields it names, summed up above
      // them); "Failed to create user - try again" when there is no answer.
      return setFailure(
        failureText(outcome.failure, {
          fallback: t('messages.register.error'),
          shown: Object.keys(form),
        }),
      );
    }
    if (google) safeStorage.remove(STORAGE_KEYS.registerByGoogle);
    toastSuccess(t('messages.register.success'));
    await signIn(outcome.data);
  }

  const text = (key: TTextField) => ({
    value: form[key],
    onChange: set(key),
    error: fields.text(key),
  });
  const setTalent = (is_talent: boolean) => setForm((f) => ({ ...f, is_talent }));
  return { form, setTalent, failure, busy, onSubmit, text, invited: Boolean(invitation) };
}
