import type { ReactNode } from 'react';
import styles from './field.module.css';

/** The ids a control points to with aria-describedby: its hint and its error. */
export function helpIds(id: string, hint: ReactNode, error: string | null | undefined) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** The hint and the error under a control. */
export function FieldHelp({
  hintId,
  hint,
  errorId,
  error,
}: {
  hintId?: string;
  hint?: ReactNode;
  errorId?: string;
  error?: string | null;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
