import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import styles from './layout.module.css';
import { usePressOutside } from './use-press-outside';

const PLUS = 'M12 5v14M5 12h14';

/**
 * A business's "Post a project or job" in the header: a disclosure button (WAI-ARIA APG
 * "disclosure navigation") whose two links lead to the posting forms. Opening keeps focus on the
 * button (the links follow it in the tab order); Escape closes and returns focus to the button;
 * a press outside or following a link closes it. It shows "+ Post" ("+" alone on a phone); its
 * accessible name is the whole action.
 */
export function PostMenu() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  usePressOutside(open, root, close);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || !open) return;
    e.preventDefault();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className={styles.post} ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={styles.postButton}
        // The whole action as its name; the words shown ("Post") begin it.
        aria-label={t('nav.post')}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={styles.navIcon}>
          <path d={PLUS} />
        </svg>
        <span className={styles.navLabel}>{t('nav.post_short')}</span>
      </button>
      <ul id={listId} className={styles.postPanel} hidden={!open}>
        <li>
          <Link href="/business/projects/new" prefetch={false} onClick={close}>
            {t('nav.post_project')}
          </Link>
        </li>
        <li>
          <Link href="/business/jobs/new" prefetch={false} onClick={close}>
            {t('nav.post_job')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
