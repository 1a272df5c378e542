import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styles from './field.module.css';
import { FieldHelp, helpIds } from './field-help';

type TProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  optionalLabel?: string;
  /** How much of `maxLength` is used, as the caller words it ("120 / 2000"). */
  counter?: string;
};

/** A labelled multi-line text with its hint and error tied to it. */
export function TextAreaField({
  label,
  error,
  hint,
  optionalLabel,
  counter,
  id,
  className,
  ...area
}: TProps) {
  const autoId = useId();
  const areaId = id ?? autoId;
  const { hintId, errorId, counterId, describedBy } = helpIds(areaId, hint, error, counter);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={areaId} className={styles.label}>
        {label} {optionalLabel && <span className={styles.optional}>({optionalLabel})</span>}
      </label>
      <textarea
        id={areaId}
        className={`${styles.input} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        rows={4}
        {...area}
      />
      <FieldHelp
        hintId={hintId}
        hint={hint}
        counterId={counterId}
        counter={counter}
        errorId={errorId}
        error={error}
      />
    </div>
  );
}
