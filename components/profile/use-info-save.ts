import { useTranslation } from 'next-i18next/pages';
import { useFailureText } from '@/components/forms/failure-text';
import type { TUserInfoInput } from '@/lib/schemas/profile';
import type { TFieldError } from '@/lib/schemas/validate';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import { useUpdateInfoMutation } from '@/services/profile-api';

/**
 * PATCH /users/info for a section (docs/product.md "Error catalogue": "Successfully updated" / "Error saving information").
 * The answer updates the stored user and the cached profile (services/profile-api.ts). Answers
 * the field errors the server found, to show next to their fields (none when it saved).
 */
export function useInfoSave() {
  const { t } = useTranslation('profile');
  const failureText = useFailureText();
  const [update, { isLoading }] = useUpdateInfoMutation();

  async function save(info: TUserInfoInput): Promise<TFieldError[] | null> {
    const outcome = await settle(update(info));
    if (outcome.ok) {
      toastSuccess(t('messages.info.success'));
      return null;
    }
    // The seed's "Error catalogue" (docs/product.md) text for a refusal; offline, it says so (nothing was saved).
    const error = t('messages.info.error');
    toastError(failureText(outcome.failure, { fallback: error, codes: { invalid_input: error } }));
    return outcome.failure.fields;
  }

  return { save, progress: isLoading ? { done: 0, total: 1 } : null };
}
