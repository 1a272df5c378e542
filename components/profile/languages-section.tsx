import { useTranslation } from 'next-i18next/pages';
import { useMemo, useState } from 'react';
import { SelectField } from '@/components/ui/select-field';
import type { TTagsApi } from '@/lib/profile/save-diff';
import { LIMITS } from '@/lib/profile/validation';
import { addLanguage, clearLanguages, LANGUAGES } from '@/services/profile-service';
import type { TLanguage } from '@/services/reference-service';
import { useAppSelector } from '@/store/hooks';
import type { TUser } from '@/types/user';
import { EditSection, SaveBar } from './edit-section';
import { sameNames, TagsEditor } from './tags-editor';
import { localName, useLanguages } from './use-reference';
import { useTagsSave } from './use-tags-save';

const NONE: TUser['languages'] = [];

/** Languages, chosen from GET /languages with names in the interface language; replaced on save (seed §7). */
export function LanguagesSection({
  api,
  loadLanguages,
  reloadUser,
}: {
  api?: TTagsApi<number>;
  loadLanguages?: () => Promise<TLanguage[] | null>;
  reloadUser?: (id: number) => Promise<TUser | null>;
}) {
  const { t, i18n } = useTranslation('profile');
  const lang = i18n.language;
  const stored = useAppSelector((s) => s.auth.user?.languages ?? NONE);
  const all = useLanguages(loadLanguages);
  const [ids, setIds] = useState<number[]>(() => stored.map((l) => l.id));
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const defaultApi = useMemo(
    () => ({ clearAll: () => clearLanguages(i18n), add: (id: number) => addLanguage(id, i18n) }),
    [i18n],
  );
  const { save, progress, failed, running } = useTagsSave({
    api: api ?? defaultApi,
    messages: LANGUAGES,
    reloadUser,
  });

  const nameOf = (id: number) => {
    const known = all?.find((l) => l.id === id);
    if (known) return localName(known, lang);
    const mine = stored.find((l) => l.id === id);
    return mine ? ((lang === 'es' ? mine.name_es : mine.name_en) ?? mine.name) : String(id);
  };
  const options = (all ?? [])
    .filter((l) => !ids.includes(l.id))
    .map((l) => ({ value: String(l.id), label: localName(l, lang) }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));

  function add() {
    const id = Number(choice);
    if (!id) return setError(t('languages.choose'));
    if (ids.length >= LIMITS.languages)
      return setError(t('languages.limit', { max: LIMITS.languages }));
    setIds((list) => (list.includes(id) ? list : [...list, id]));
    setChoice('');
    setError(null);
  }

  async function onSave() {
    const outcome = await save(ids);
    if (outcome.ok && outcome.fresh) setIds(outcome.fresh.languages.map((l) => l.id));
  }

  return (
    <EditSection
      id="languages"
      description={t('edit.descriptions.languages')}
      footer={
        <SaveBar
          onSave={() => void onSave()}
          progress={progress}
          failed={failed}
          dirty={
            !sameNames(
              ids.map(String),
              stored.map((l) => String(l.id)),
            )
          }
        />
      }
    >
      <TagsEditor
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
        onRemove={(key) => setIds((list) => list.filter((id) => String(id) !== key))}
        emptyText={t('languages.empty')}
        listLabel={t('edit.sections.languages')}
        disabled={running}
      />
    </EditSection>
  );
}
