import type { KeyboardEvent } from 'react';
import { TextField } from '@/components/ui/text-field';
import type { useSuggestions } from './use-suggestions';

type TFieldProps = Omit<Parameters<typeof TextField>[0], 'onChange' | 'onKeyDown'>;

/**
 * A text field with its suggestions (./use-suggestions.tsx) listed under it: the field takes the
 * combobox's attributes, the list comes right after it inside the suggestions' box.
 */
export function SuggestField({
  suggest,
  onChange,
  onKeyDown,
  ...field
}: TFieldProps & {
  suggest: ReturnType<typeof useSuggestions>;
  onChange: (value: string) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className={suggest.boxClass}>
      <TextField
        autoComplete="off"
        {...field}
        {...suggest.inputProps}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {suggest.list}
    </div>
  );
}
