import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { toastError, toastSuccess } from '@/lib/toast';
import { updateInfo, type TInfoInput } from '@/services/profile-service';
import type { TResult } from '@/services/result';
import { infoUpdated } from '@/store/auth-slice';
import { useAppDispatch } from '@/store/hooks';
import type { TUser } from '@/types/user';
import type { TSaveProgress } from './use-list-save';

export type TSaveInfo = (info: TInfoInput) => Promise<TResult<TUser>>;

/**
 * PATCH /users/info for a section (seed §8: "Successfully updated" / "Error saving information").
 * Seed §4: the user's fields and person name, last_name, phone take what the server answered.
 */
export function useInfoSave(send?: TSaveInfo) {
  const { i18n } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<TSaveProgress | null>(null);

  async function save(info: TInfoInput): Promise<boolean> {
    setProgress({ done: 0, total: 1 });
    const res = await (send ?? ((data: TInfoInput) => updateInfo(data, i18n)))(info);
    setProgress(null);
    if (res.hasError || !res.data) {
      toastError(res.message);
      return false;
    }
    const u = res.data;
    dispatch(
      infoUpdated({
        name: u.person.name,
        last_name: u.person.last_name,
        phone: u.person.phone,
        country_code: u.country_code,
        city: u.city,
        headline: u.headline,
        about: u.about,
        avatar_url: u.avatar_url,
        links: u.links ?? {},
        cv_url: u.cv_url,
      }),
    );
    toastSuccess(res.message);
    return true;
  }

  return { save, progress };
}
