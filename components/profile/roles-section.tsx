import { useTranslation } from 'next-i18next/pages';
import { useCallback, useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import { PROFILE_LIMITS } from '@/lib/schemas/profile';
import { meListsSaved, useProfileCalls } from '@/services/profile-api';
import { useAppDispatch } from '@/store/hooks';
import type { TUser } from '@/types/user';
import { cleanName } from './tags-editor';
import { TagsSection } from './tags-section';
import { useTagsSave } from './use-tags-save';

/** Roles of interest, typed freely; replaced on save (docs/product.md "The calls"). */
export function RolesSection({ profile }: { profile: TUser }) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const stored = profile.roles_interest;
  const [items, setItems] = useState<string[]>(() => stored.map((r) => r.name));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onStored = useCallback(
    (roles: { name: string }[]) => dispatch(meListsSaved(profile.id, { roles_interest: roles })),
    [dispatch, profile.id],
  );
  const { save, ...saving } = useTagsSave({
    api: useProfileCalls().roles,
    messages: { success: 'messages.roles.success', error: 'messages.roles.error' },
    onStored,
  });

  function add() {
    const name = cleanName(text);
    if (!name) return;
    if (items.some((i) => i.toLowerCase() === name.toLowerCase()))
      return setError(t('roles.duplicate', { name }));
    if (items.length >= PROFILE_LIMITS.roles)
      return setError(t('roles.limit', { max: PROFILE_LIMITS.roles }));
    setItems((list) => [...list, name]);
    setText('');
    setError(null);
  }

  async function onSave() {
    const outcome = await save(items);
    // The server keeps the first spelling of a shared name.
    if (outcome.ok) setItems(outcome.added.map((r) => r.name));
  }

  return (
    <TagsSection
      id="roles"
      input={
        <TextField
          label={t('roles.label')}
          hint={t('roles.hint')}
          value={text}
          maxLength={PROFILE_LIMITS.role}
          onChange={(e) => setText(e.target.value)}
        />
      }
      onAdd={add}
      error={error}
      chips={items.map((name) => ({ key: name, label: name }))}
      storedKeys={stored.map((r) => r.name)}
      onRemove={(key) => setItems((list) => list.filter((n) => n !== key))}
      onSave={() => void onSave()}
      saving={saving}
    />
  );
}
