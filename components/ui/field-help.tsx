import type { ReactNode } from 'react';
import styles from './field.module.css';

/** The ids a control points to with aria-describedby: its hint, its counter and its error. */
export function helpIds(
  id: string,
  hint: ReactNode,
  error: string | null | undefined,
  counter?: string,
) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = counter ? `${id}-counter` : undefined;
  const describedBy = [hintId, counterId, errorId].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, counterId, describedBy };
}

/** The hint, the counter ("120 / 160") and the error under a control. */
export function FieldHelp({
  hintId,
  hint,
  counterId,
  counter,
  errorId,
  error,
}: {
  hintId?: string;
  hint?: ReactNode;
  counterId?: string;
  counter?: string;
  errorId?: string;
  error?: string | null;
}) {
  return (
    <>
      {(hint || counter) && (
        <div className={styles.helpRow}>
          {hint && (
            <p id={hintId} className={styles.hint}>
              {hint}
            </p>
          )}
          {counter && (
            <p id={counterId} className={styles.counter}>
              {counter}
            </p>
          )}
        </div>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
