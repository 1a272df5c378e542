import { useTranslation } from 'next-i18next/pages';
import { useId, useMemo, useRef, useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import type { TTagsApi } from '@/lib/profile/save-diff';
import { LIMITS } from '@/lib/profile/validation';
import { addSkill, clearSkills, searchSkills, SKILLS } from '@/services/profile-service';
import { useAppSelector } from '@/store/hooks';
import { selectSkillsUser } from '@/store/profile-slice';
import type { TUser } from '@/types/user';
import { EditSection, SaveBar } from './edit-section';
import { cleanName, sameNames, TagsEditor } from './tags-editor';
import { useTagsSave } from './use-tags-save';

/** Seed §3: skills are shown in forms as value/label pairs. */
type TSkillOption = { value: string; label: string };
const toOption = (name: string): TSkillOption => ({ value: name, label: name });

/** Skills, with suggestions from GET /skills?search= (most used first); replaced on save (seed §7). */
export function SkillsSection({
  api,
  search = searchSkills,
  reloadUser,
}: {
  api?: TTagsApi<string>;
  search?: (text: string) => Promise<string[] | null>;
  reloadUser?: (id: number) => Promise<TUser | null>;
}) {
  const { t, i18n } = useTranslation('profile');
  const stored = useAppSelector(selectSkillsUser);
  const [items, setItems] = useState<TSkillOption[]>(() => stored.map((s) => toOption(s.name)));
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<TSkillOption[]>([]);
  const [error, setError] = useState<string | null>(null);
  const listId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  const defaultApi = useMemo(
    () => ({ clearAll: () => clearSkills(i18n), add: (name: string) => addSkill(name, i18n) }),
    [i18n],
  );
  const { save, progress, failed, running } = useTagsSave({
    api: api ?? defaultApi,
    messages: SKILLS,
    reloadUser,
  });

  function add(raw: string) {
    const name = cleanName(raw);
    if (!name) return;
    if (items.some((i) => i.value.toLowerCase() === name.toLowerCase()))
      return setError(t('skills.duplicate', { name }));
    if (items.length >= LIMITS.skills) return setError(t('skills.limit', { max: LIMITS.skills }));
    setItems((list) => [...list, toOption(name)]);
    setText('');
    setError(null);
  }

  function typed(value: string, picked: boolean) {
    if (picked) return add(value); // a suggestion chosen from the list is added at once
    setText(value);
    setError(null);
    clearTimeout(timer.current);
    const ask = ++latest.current;
    timer.current = setTimeout(() => {
      void search(cleanName(value)).then((names) => {
        if (ask === latest.current) setSuggestions((names ?? []).map(toOption));
      });
    }, 250);
  }

  async function onSave() {
    const outcome = await save(items.map((i) => i.value));
    // The server keeps the first spelling of a shared skill ("react" joins "React").
    if (outcome.ok && outcome.fresh) setItems(outcome.fresh.skills.map((s) => toOption(s.name)));
  }

  const taken = new Set(items.map((i) => i.value.toLowerCase()));
  return (
    <EditSection
      id="skills"
      description={t('edit.descriptions.skills')}
      footer={
        <SaveBar
          onSave={() => void onSave()}
          progress={progress}
          failed={failed}
          dirty={
            !sameNames(
              items.map((i) => i.value),
              stored.map((s) => s.name),
            )
          }
        />
      }
    >
      <TagsEditor
        input={
          <>
            <TextField
              label={t('skills.label')}
              hint={t('skills.hint')}
              value={text}
              list={listId}
              maxLength={LIMITS.skill}
              autoComplete="off"
              onChange={(e) =>
                typed(
                  e.target.value,
                  (e.nativeEvent as InputEvent).inputType === 'insertReplacementText',
                )
              }
            />
            <datalist id={listId}>
              {suggestions
                .filter((s) => !taken.has(s.value.toLowerCase()))
                .map((s) => (
                  <option key={s.value} value={s.value} label={s.label} />
                ))}
            </datalist>
          </>
        }
        onAdd={() => add(text)}
        error={error}
        chips={items.map((i) => ({ key: i.value, label: i.label }))}
        onRemove={(key) => setItems((list) => list.filter((i) => i.value !== key))}
        emptyText={t('skills.empty')}
        listLabel={t('edit.sections.skills')}
        disabled={running}
      />
    </EditSection>
  );
}
