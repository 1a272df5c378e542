import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './field.module.css';

type TProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  /** What checking it does, read with the label. */
  hint?: ReactNode;
  tone?: 'plain' | 'warning';
};

/** A labelled checkbox with an optional explanation under it. */
export function CheckboxField({ label, hint, tone = 'plain', id, className, ...input }: TProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div
      className={[styles.checkField, tone === 'warning' ? styles.checkWarning : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      <input id={inputId} type="checkbox" aria-describedby={hintId} {...input} />
      <div>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        {hint && (
          <p id={hintId} className={styles.hint}>
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
