import { useTranslation } from 'next-i18next/pages';
import { useMemo, useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import type { TTagsApi } from '@/lib/profile/save-diff';
import { LIMITS } from '@/lib/profile/validation';
import { addRole, clearRoles, ROLES } from '@/services/profile-service';
import { useAppSelector } from '@/store/hooks';
import type { TUser } from '@/types/user';
import { EditSection, SaveBar } from './edit-section';
import { cleanName, sameNames, TagsEditor } from './tags-editor';
import { useTagsSave } from './use-tags-save';

const NONE: { name: string }[] = [];

/** Roles of interest, typed freely; replaced on save (seed §7). */
export function RolesSection({
  api,
  reloadUser,
}: {
  api?: TTagsApi<string>;
  reloadUser?: (id: number) => Promise<TUser | null>;
}) {
  const { t, i18n } = useTranslation('profile');
  const stored = useAppSelector((s) => s.auth.user?.roles_interest ?? NONE);
  const [items, setItems] = useState<string[]>(() => stored.map((r) => r.name));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const defaultApi = useMemo(
    () => ({ clearAll: () => clearRoles(i18n), add: (name: string) => addRole(name, i18n) }),
    [i18n],
  );
  const { save, progress, failed, running } = useTagsSave({
    api: api ?? defaultApi,
    messages: ROLES,
    reloadUser,
  });

  function add() {
    const name = cleanName(text);
    if (!name) return;
    if (items.some((i) => i.toLowerCase() === name.toLowerCase()))
      return setError(t('roles.duplicate', { name }));
    if (items.length >= LIMITS.roles) return setError(t('roles.limit', { max: LIMITS.roles }));
    setItems((list) => [...list, name]);
    setText('');
    setError(null);
  }

  async function onSave() {
    const outcome = await save(items);
    if (outcome.ok && outcome.fresh) setItems(outcome.fresh.roles_interest.map((r) => r.name));
  }

  return (
    <EditSection
      id="roles"
      description={t('edit.descriptions.roles')}
      footer={
        <SaveBar
          onSave={() => void onSave()}
          progress={progress}
          failed={failed}
          dirty={
            !sameNames(
              items,
              stored.map((r) => r.name),
            )
          }
        />
      }
    >
      <TagsEditor
        input={
          <TextField
            label={t('roles.label')}
            hint={t('roles.hint')}
            value={text}
            maxLength={LIMITS.role}
            onChange={(e) => setText(e.target.value)}
          />
        }
        onAdd={add}
        error={error}
        chips={items.map((name) => ({ key: name, label: name }))}
        onRemove={(key) => setItems((list) => list.filter((n) => n !== key))}
        emptyText={t('roles.empty')}
        listLabel={t('edit.sections.roles')}
        disabled={running}
      />
    </EditSection>
  );
}
