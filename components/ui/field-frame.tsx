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
 * caller draws with the attributes that tie it to its hint, counter and error and with the
 * field's other props (the control's own), then those.
 */
export function FieldFrame<P extends TFrameProps>({
  props,
  control,
}: {
  props: P;
  control: (tie: TControlProps, own: Omit<P, keyof TFrameProps>) => ReactNode;
}) {
  const { label, error, hint, optionalLabel, counter, id, className, ...own } = props;
  const autoId = useId();
  const controlId = id ?? autoId;
  const { hintId, errorId, counterId, describedBy } = helpIds(controlId, hint, error, counter);
  const tie = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className={styles.label}>
        {label} {optionalLabel && <span className={styles.optional}>({optionalLabel})</span>}
      </label>
      {control(tie, own)}
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
