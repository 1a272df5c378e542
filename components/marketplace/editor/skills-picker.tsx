import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useSuggestions } from '@/components/forms/use-suggestions';
import { Button } from '@/components/ui/button';
import { ChipList } from '@/components/ui/chip-list';
import { TextField } from '@/components/ui/text-field';
import { MARKET_LIMITS } from '@/lib/schemas/marketplace';
import { useSearchSkillsQuery } from '@/services/reference-api';
import styles from '@/components/layout/list-page.module.css';

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The skills a posting asks for: suggestions from GET /skills?search= (most used first) or new ones. */
export function SkillsPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (skills: string[]) => void;
  error: string | null;
}) {
  const { t } = useTranslation('market');
  const { t: tp } = useTranslation('profile');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(clean(text)), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const taken = new Set(value.map((v) => v.toLowerCase()));
  const suggestions = (useSearchSkillsQuery(search, { skip: search === '' }).data ?? []).filter(
    (s) => !taken.has(s.toLowerCase()),
  );

  function add(raw: string) {
    const name = clean(raw);
    if (!name || taken.has(name.toLowerCase()) || value.length >= MARKET_LIMITS.skills) return;
    onChange([...value, name]);
    setText('');
  }

  const suggest = useSuggestions({
    text,
    // A skill already listed, typed again, adds nothing: no suggestion takes its Enter.
    suggestions: taken.has(clean(text).toLowerCase()) ? [] : suggestions,
    onPick: add,
    label: t('form.skills'),
  });

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // With suggestions showing, Enter takes the highlighted one ("Fig" → "Figma").
    if (suggest.onKeyDown(e) || e.key !== 'Enter') return;
    e.preventDefault(); // Enter adds the skill; it does not send the posting
    add(text);
  };
  return (
    <div className={styles.skills}>
      <div className={styles.skillInput}>
        <div className={suggest.boxClass}>
          <TextField
            label={t('form.skills')}
            hint={t('form.skills_hint')}
            value={text}
            maxLength={MARKET_LIMITS.skill}
            autoComplete="off"
            {...suggest.inputProps}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            error={error}
          />
          {suggest.list}
        </div>
        <Button
          variant="secondary"
          onClick={() => add(text)}
          disabled={value.length >= MARKET_LIMITS.skills}
        >
          {t('form.add_skill')}
        </Button>
      </div>
      <ChipList
        items={value.map((s) => ({ key: s, label: s }))}
        label={t('form.skills')}
        onRemove={(key) => onChange(value.filter((s) => s !== key))}
        removeLabel={(label) => tp('section.remove', { name: label })}
      />
    </div>
  );
}
