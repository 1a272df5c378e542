import { useTranslation } from 'next-i18next/pages';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
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
  const listId = useId();
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

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault(); // Enter adds the skill; it does not send the posting
    add(text);
  };
  return (
    <div className={styles.skills}>
      <div className={styles.skillInput}>
        <TextField
          label={t('form.skills')}
          hint={t('form.skills_hint')}
          value={text}
          list={listId}
          maxLength={MARKET_LIMITS.skill}
          autoComplete="off"
          onChange={(e) =>
            (e.nativeEvent as InputEvent).inputType === 'insertReplacementText'
              ? add(e.target.value)
              : setText(e.target.value)
          }
          onKeyDown={onKeyDown}
          error={error}
        />
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
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
