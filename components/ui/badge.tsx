import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type TBadgeTone = 'neutral' | 'info' | 'success' | 'danger' | 'warning';

/** A small status chip; the text says the status, the colour only repeats it. */
export function Badge({ tone = 'neutral', children }: { tone?: TBadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
