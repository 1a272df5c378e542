import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './dialog.module.css';

type TProps = {
  open: boolean;
  title: string;
  /** Called when the dialog closes by itself (Escape); the parent then sets `open` to false. */
  onClose: () => void;
  /** The buttons, in reading order (the main action last). */
  actions: ReactNode;
  children?: ReactNode;
  /** False while an action runs: Escape then does not close it. */
  dismissible?: boolean;
};

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert, keeps
 * focus inside, closes on Escape and gives focus back on close, with no library on the first
 * load. It stays mounted so that closing goes through close() and focus returns where it was.
 */
export function Dialog({ open, title, onClose, actions, children, dismissible = true }: TProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(e) => {
        // Escape closes through the parent's state (the effect above calls close()), so focus
        // goes back to the page only once the page knows the dialog is closed: left to the
        // browser, focus returned at once and the close event came a task later, and a key
        // pressed in between (Enter on the button that opened it) acted on a dialog still open.
        e.preventDefault();
        if (dismissible) onClose();
      }}
      onClose={() => {
        // The close event comes a task after the dialog closed: by then it may have been opened
        // again (Escape, then Enter on the button that opens it). Only a dialog still closed is.
        if (open && !ref.current?.open) onClose();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children && (
            <div id={bodyId} className={styles.body}>
              {children}
            </div>
          )}
          <div className={styles.actions}>{actions}</div>
        </>
      )}
    </dialog>
  );
}
