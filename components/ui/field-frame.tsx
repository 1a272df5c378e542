import { useId, type ReactNode } from 'react';
import styles from './field.module.css';
import { FieldHelp, helpIds } from './field-help';

/** What every labelled field takes besides its control's own attributes. */
export type TFrameProps = {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  optionalLabel?: string;
  /** How much of `maxLength` is used, as the caller words it ("120 / 160"). */
  counter?: string;
  id?: string;
  className?: string;
};

/** The attributes that tie a control to its label, hint, counter and error. */
export type TControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * The frame of a labelled field (text, text area, select): the label, then the control the
 * caller draws with the attributes that tie it to its hint, counter and error, then those.
 */
export function FieldFrame({
  label,
  error,
  hint,
  optionalLabel,
  counter,
  id,
  className,
  control,
}: TFrameProps & { control: (props: TControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const { hintId, errorId, counterId, describedBy } = helpIds(controlId, hint, error, counter);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className={styles.label}>
        {label} {optionalLabel && <span className={styles.optional}>({optionalLabel})</span>}
      </label>
      {control({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
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

/** Splits a field's props into the frame's and the control's own. */
export function splitFrame<P extends TFrameProps>({
  label,
  error,
  hint,
  optionalLabel,
  counter,
  id,
  className,
  ...control
}: P) {
  return { frame: { label, error, hint, optionalLabel, counter, id, className }, control };
}
