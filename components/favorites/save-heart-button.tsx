import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useFailureText } from '@/components/forms/failure-text';
import type { TFavoriteKind } from '@/lib/schemas/favorites';
import { isKind } from '@/lib/kinds';
import { toastError } from '@/lib/toast';
import { useGetTalentQuery } from '@/services/profile-api';
import type { TPublicUser } from '@/types/user';
import { useSavedStateQuery, useSetFavoriteMutation } from '@/services/favorites-api';
import styles from './save-heart.module.css';

export type TSaveHeartProps = {
  kind: TFavoriteKind;
  id: number;
  name: string;
  saved?: boolean;
  className?: string;
};

/**
 * The heart that saves a posting (for a talent) or a talent (for a business account) to the
 * caller's favourites (docs/product.md "Favourites"): a toggle button named "Save {name}",
 * pressed when saved (./save-heart.tsx shows it to the role that may save). The change shows at once
 * and goes back, with a toast, when the server refuses it. `saved` is what the caller's list
 * said; without it (a page rendered for anyone) the heart asks the server.
 */
export default function SaveHeartButton({
  kind,
  id,
  name,
  saved: listed,
  className,
}: TSaveHeartProps) {
  const { t } = useTranslation('common');
  const say = useFailureText();
  // A posting's page asks for the posting; a profile's, for the profile (the same read as its
  // contact's, talent-contact.tsx, so one request serves both).
  const postingKind = isKind(kind) ? kind : null;
  const askedPosting = useSavedStateQuery(
    { kind: postingKind ?? 'project', id },
    { skip: listed !== undefined || !postingKind, refetchOnMountOrArgChange: true },
  );
  const askedTalent = useGetTalentQuery(id, { skip: listed !== undefined || !!postingKind });
  const asked = {
    data: postingKind ? askedPosting.data : (askedTalent.data as TPublicUser | undefined)?.saved,
  };
  const [setFavorite, { isLoading }] = useSetFavoriteMutation();
  // A choice made here holds until the list says something new (a page's own read, which may
  // answer after the press, never overrides it).
  const basis = listed;
  const [mine, setMine] = useState<{ value: boolean; basis?: boolean } | null>(null);
  const saved = mine && mine.basis === basis ? mine.value : (listed ?? asked.data ?? false);

  async function toggle() {
    if (isLoading) return; // one change at a time, so that they reach the server in order
    const next = !saved;
    setMine({ value: next, basis });
    try {
      await setFavorite({ kind, id, saved: next }).unwrap();
    } catch (error) {
      setMine({ value: !next, basis });
      toastError(say(error, { codes: { limit: t('favorites.limit') } }));
    }
  }

  return (
    <button
      type="button"
      className={[styles.heart, className].filter(Boolean).join(' ')}
      aria-pressed={saved}
      aria-label={t('favorites.save', { name })}
      title={t(saved ? 'favorites.saved_hint' : 'favorites.save_hint')}
      aria-busy={isLoading || undefined}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
