import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styles from './field.module.css';
import { FieldHelp, helpIds } from './field-help';

export type TOption = { value: string; label: string };

type TProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  label: string;
  options: TOption[];
  /** The first, empty choice ("Choose a country"). */
  placeholder?: string;
  error?: string | null;
  hint?: ReactNode;
  optionalLabel?: string;
};

/** A labelled native select (keyboard and screen readers work as everywhere). */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  optionalLabel,
  id,
  className,
  ...select
}: TProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const { hintId, errorId, describedBy } = helpIds(selectId, hint, error);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className={styles.label}>
        {label} {optionalLabel && <span className={styles.optional}>({optionalLabel})</span>}
      </label>
      <select
        id={selectId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldHelp hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
