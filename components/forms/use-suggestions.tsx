import { useTranslation } from 'next-i18next/pages';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './suggestions.module.css';

/**
 * A text field's suggestions as an ARIA combobox (docs/architecture.md "Suggestions"): while the
 * typed text has suggestions, the list shows under the field with the first one highlighted;
 * ↑/↓ move the highlight, Enter takes the highlighted suggestion, a click takes the one clicked,
 * Escape closes the list (then Enter is the typed text's again). Only suggestions that contain
 * the typed text show, so an answer to an earlier word is never taken.
 *
 * `inputProps` go on the input; `list` goes right after the field, inside `styles.box`
 * (`boxClass`). `onKeyDown` answers whether it used the key: if not, the caller's own Enter
 * (adding the typed text) runs.
 */
export function useSuggestions({
  text,
  suggestions,
  onPick,
  label,
}: {
  text: string;
  suggestions: string[];
  onPick: (suggestion: string) => void;
  /** The list's name for assistive technology (the field's label). */
  label: string;
}) {
  const { t } = useTranslation('common');
  const listId = useId();
  // The highlight belongs to the text it was moved for: typing puts it back on the first.
  const [moved, setMoved] = useState<{ text: string; index: number } | null>(null);
  const highlight = moved?.text === text ? moved.index : 0;
  const setHighlight = (index: number) => setMoved({ text, index });
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const typed = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const shown = typed ? suggestions.filter((s) => s.toLowerCase().includes(typed)) : [];
  // A suggestion spelled as typed comes first (Enter then adds what was typed, in its usual
  // spelling), then those with a word starting as typed, then the rest, each in the given order.
  const rank = (s: string) => {
    const lower = s.toLowerCase();
    return lower === typed ? 0 : (' ' + lower).includes(' ' + typed) ? 1 : 2;
  };
  shown.sort((a, b) => rank(a) - rank(b));
  const open = focused && shown.length > 0 && closedFor !== text;
  const active = open ? Math.min(highlight, shown.length - 1) : -1;
  const optionId = (i: number) => `${listId}-${i}`;

  const pick = (s: string) => {
    setMoved(null);
    onPick(s);
  };

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>): boolean {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (shown.length === 0) return false;
      e.preventDefault();
      if (!open) {
        setClosedFor(null);
        setHighlight(e.key === 'ArrowDown' ? 0 : shown.length - 1);
        return true;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setHighlight((active + step + shown.length) % shown.length);
      return true;
    }
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setClosedFor(text);
      return true;
    }
    if (e.key === 'Enter' && open) {
      e.preventDefault(); // the highlighted suggestion, not the typed text nor the form's submit
      pick(shown[active]!);
      return true;
    }
    return false;
  }

  const inputProps = {
    role: 'combobox',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': open,
    'aria-controls': listId,
    'aria-activedescendant': open ? optionId(active) : undefined,
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
  };

  const list: ReactNode = (
    <ul
      id={listId}
      role="listbox"
      aria-label={t('forms.suggestions', { field: label })}
      className={styles.list}
      hidden={!open}
    >
      {open &&
        shown.map((s, i) => (
          <li
            key={s}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={styles.option}
            // Keeps the focus in the field, so that the list stays open until the click.
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setHighlight(i)}
            onClick={() => pick(s)}
          >
            {s}
          </li>
        ))}
    </ul>
  );

  return { open, inputProps, onKeyDown, list, boxClass: styles.box };
}
