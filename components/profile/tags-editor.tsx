import { useTranslation } from 'next-i18next/pages';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ChipList, type TChip } from '@/components/ui/chip-list';
import styles from './profile-edit.module.css';

/**
 * The editing part of a replace-all section (skills, roles, languages): an input with an Add
 * button, its error, then the chips, each removable.
 */
export function TagsEditor({
  input,
  onAdd,
  error,
  chips,
  onRemove,
  emptyText,
  listLabel,
  disabled = false,
}: {
  input: ReactNode;
  onAdd: () => void;
  error: string | null;
  chips: TChip[];
  onRemove: (key: string) => void;
  emptyText: string;
  listLabel: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('profile');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onAdd();
  };
  return (
    <>
      <form className={styles.tagForm} onSubmit={submit} noValidate>
        <div className={styles.tagInput}>{input}</div>
        <Button type="submit" variant="secondary" disabled={disabled} className={styles.tagAdd}>
          {t('section.add')}
        </Button>
      </form>
      {error && (
        <p className={styles.tagError} role="alert">
          {error}
        </p>
      )}
      {chips.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <ChipList
          items={chips}
          label={listLabel}
          onRemove={disabled ? undefined : onRemove}
          removeLabel={(label) => t('section.remove', { name: label })}
        />
      )}
    </>
  );
}

/** The same names in the same order: nothing to save. */
export const sameNames = (a: string[], b: string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Trimmed, inner runs of spaces collapsed (as the server stores names). */
export const cleanName = (s: string) => s.replace(/\s+/g, ' ').trim();
