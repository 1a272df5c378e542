import { useTranslation } from 'next-i18next/pages';
import { useCallback, useState } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { PROFILE_LIMITS } from '@/lib/schemas/profile';
import { meListsSaved, useProfileCalls } from '@/services/profile-api';
import { localName, useGetLanguagesQuery } from '@/services/reference-api';
import { useAppDispatch } from '@/store/hooks';
import type { TUser } from '@/types/user';
import { TagsSection } from './tags-section';
import { useTagsSave } from './use-tags-save';
import { sortByLabel } from '@/lib/format/by-label';

/** Languages, chosen from GET /languages with names in the interface language; replaced on save (docs/product.md "The calls"). */
export function LanguagesSection({ profile }: { profile: TUser }) {
  const { t, i18n } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const lang = i18n.language;
  const stored = profile.languages;
  const all = useGetLanguagesQuery().data;
  const [ids, setIds] = useState<number[]>(() => stored.map((l) => l.id));
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onStored = useCallback(
    (languages: TUser['languages']) => dispatch(meListsSaved(profile.id, { languages })),
    [dispatch, profile.id],
  );
  const { save, ...saving } = useTagsSave({
    api: useProfileCalls().languages,
    messages: { success: 'messages.languages.success', error: 'messages.languages.error' },
    onStored,
  });

  const nameOf = (id: number) => {
    const known = all?.find((l) => l.id === id);
    if (known) return localName(known, lang);
    const mine = stored.find((l) => l.id === id);
    return mine ? ((lang === 'es' ? mine.name_es : mine.name_en) ?? mine.name) : String(id);
  };
  const options = sortByLabel(
    (all ?? [])
      .filter((l) => !ids.includes(l.id))
      .map((l) => ({ value: String(l.id), label: localName(l, lang) })),
    lang,
  );

  function add() {
    const id = Number(choice);
    if (!id) return setError(t('languages.choose'));
    if (ids.length >= PROFILE_LIMITS.languages)
      return setError(t('languages.limit', { max: PROFILE_LIMITS.languages }));
    setIds((list) => (list.includes(id) ? list : [...list, id]));
    setChoice('');
    setError(null);
  }

  async function onSave() {
    const outcome = await save(ids);
    if (outcome.ok) setIds(outcome.added.map((l) => l.id));
  }

  return (
    <TagsSection
      id="languages"
      input={
        <SelectField
          label={t('languages.label')}
          placeholder={all ? t('languages.placeholder') : t('section.loading')}
          options={options}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
        />
      }
      onAdd={add}
      error={error}
      chips={ids.map((id) => ({ key: String(id), label: nameOf(id) }))}
      storedKeys={stored.map((l) => String(l.id))}
      onRemove={(key) => setIds((list) => list.filter((id) => String(id) !== key))}
      onSave={() => void onSave()}
      saving={saving}
    />
  );
}
