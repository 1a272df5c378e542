import { useTranslation } from 'next-i18next/pages';
import { useCallback, useEffect, useState } from 'react';
import { useSuggestions } from '@/components/forms/use-suggestions';
import { SuggestField } from '@/components/forms/suggest-field';
import { PROFILE_LIMITS } from '@/lib/schemas/profile';
import { useProfileCalls } from '@/services/profile-api';
import { useSearchSkillsQuery } from '@/services/reference-api';
import { skillsSaved } from '@/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectSkillsUser } from '@/store/profile-slice';
import { cleanName } from './tags-editor';
import { TagsSection } from './tags-section';
import { useTagsSave } from './use-tags-save';

/** docs/product.md "Entities and fields": skills are shown in forms as value/label pairs. */
type TSkillOption = { value: string; label: string };
const toOption = (name: string): TSkillOption => ({ value: name, label: name });

/** Skills, with suggestions from GET /skills?search= (most used first); replaced on save (docs/product.md "The calls"). */
export function SkillsSection() {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectSkillsUser);
  const [items, setItems] = useState<TSkillOption[]>(() => stored.map((s) => toOption(s.name)));
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
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
  const { save, ...saving } = useTagsSave({
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

  function typed(value: string) {
    setText(value);
    setError(null);
  }

  async function onSave() {
    const outcome = await save(items.map((i) => i.value));
    // The server keeps the first spelling of a shared skill ("react" joins "React").
    if (outcome.ok) setItems(outcome.added.map((s) => toOption(s.name)));
  }

  const taken = new Set(items.map((i) => i.value.toLowerCase()));
  // With suggestions showing, Enter takes the highlighted one ("Fig" → "Figma"); a pick is added at once.
  const suggest = useSuggestions({
    text,
    // A skill already listed, typed again, is answered as such: no suggestion takes its Enter.
    suggestions: taken.has(cleanName(text).toLowerCase())
      ? []
      : suggestions.map((s) => s.value).filter((s) => !taken.has(s.toLowerCase())),
    onPick: add,
    label: t('skills.label'),
  });
  return (
    <TagsSection
      id="skills"
      input={
        <SuggestField
          label={t('skills.label')}
          hint={t('skills.hint')}
          value={text}
          maxLength={PROFILE_LIMITS.skill}
          suggest={suggest}
          onChange={typed}
          onKeyDown={(e) => void suggest.onKeyDown(e)}
        />
      }
      onAdd={() => add(text)}
      error={error}
      chips={items.map((i) => ({ key: i.value, label: i.label }))}
      storedKeys={stored.map((s) => s.name)}
      onRemove={(key) => setItems((list) => list.filter((i) => i.value !== key))}
      onSave={() => void onSave()}
      saving={saving}
    />
  );
}
