import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './field.module.css';
import { FieldHelp, helpIds } from './field-help';

type TProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  optionalLabel?: string;
  /** How much of `maxLength` is used, as the caller words it ("120 / 160"). */
  counter?: string;
};

/** A labelled input with its hint, counter and error tied to it for assistive technology. */
export function TextField({
  label,
  error,
  hint,
  optionalLabel,
  counter,
  id,
  className,
  ...input
}: TProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const { hintId, errorId, counterId, describedBy } = helpIds(inputId, hint, error, counter);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={styles.label}>
        {label} {optionalLabel && <span className={styles.optional}>({optionalLabel})</span>}
      </label>
      <input
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
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

/** A password input with a show/hide toggle. */
export function PasswordField({
  showLabel,
  hideLabel,
  ...props
}: TProps & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.passwordRow}>
      <TextField {...props} type={visible ? 'text' : 'password'} className={styles.grow} />
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? hideLabel : showLabel}
      </button>
    </div>
  );
}
