import { useId, useRef } from 'react';
import styles from './button.module.css';

/**
 * A file chooser that looks like a secondary button: the native input stays in the page (keyboard
 * and screen readers reach it) and its label carries the look and the focus ring.
 */
export function FileButton({
  label,
  accept,
  onFile,
  disabled = false,
  describedBy,
}: {
  label: string;
  accept: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className={styles.fileButton}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy}
        className={styles.fileInput}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          if (input.current) input.current.value = ''; // choosing the same file again still reports it
        }}
      />
      <label
        htmlFor={id}
        className={`${styles.button} ${styles.secondary}`}
        aria-disabled={disabled || undefined}
      >
        {label}
      </label>
    </span>
  );
}
