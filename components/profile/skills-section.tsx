import { useTranslation } from 'next-i18next/pages';
import { useCallback, useEffect, useId, useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import { PROFILE_LIMITS } from '@/lib/schemas/profile';
import { useProfileCalls } from '@/services/profile-api';
import { useSearchSkillsQuery } from '@/services/reference-api';
import { skillsSaved } from '@/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectSkillsUser } from '@/store/profile-slice';
import { EditSection, SaveBar } from './edit-section';
import { cleanName, sameNames, TagsEditor } from './tags-editor';
import { useTagsSave } from './use-tags-save';

/** Seed §3: skills are shown in forms as value/label pairs. */
type TSkillOption = { value: string; label: string };
const toOption = (name: string): TSkillOption => ({ value: name, label: name });

/** Skills, with suggestions from GET /skills?search= (most used first); replaced on save (seed §7). */
export function SkillsSection() {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectSkillsUser);
  const [items, setItems] = useState<TSkillOption[]>(() => stored.map((s) => toOption(s.name)));
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listId = useId();
  // Asks once typing pauses; the cache answers a word asked before without a request.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(cleanName(text)), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const suggestions = (useSearchSkillsQuery(search, { skip: search === '' }).data ?? []).map(
    toOption,
  );
  const onStored = useCallback(
    (skills: { name: string }[]) => dispatch(skillsSaved(skills)),
    [dispatch],
  );
  const { save, progress, failed, running } = useTagsSave({
    api: useProfileCalls().skills,
    messages: { success: 'messages.skills.success', error: 'messages.skills.error' },
    onStored,
  });

  function add(raw: string) {
    const name = cleanName(raw);
    if (!name) return;
    if (items.some((i) => i.value.toLowerCase() === name.toLowerCase()))
      return setError(t('skills.duplicate', { name }));
    if (items.length >= PROFILE_LIMITS.skills)
      return setError(t('skills.limit', { max: PROFILE_LIMITS.skills }));
    setItems((list) => [...list, toOption(name)]);
    setText('');
    setError(null);
  }

  function typed(value: string, picked: boolean) {
    if (picked) return add(value); // a suggestion chosen from the list is added at once
    setText(value);
    setError(null);
  }

  async function onSave() {
    const outcome = await save(items.map((i) => i.value));
    // The server keeps the first spelling of a shared skill ("react" joins "React").
    if (outcome.ok) setItems(outcome.added.map((s) => toOption(s.name)));
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
              maxLength={PROFILE_LIMITS.skill}
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
