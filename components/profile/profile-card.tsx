import type { ReactNode } from 'react';
import styles from './profile-view.module.css';

/** One titled card of a profile as others see it (components/profile/profile-view.tsx). */
export function ProfileCard({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.card} aria-labelledby={`view-${id}`}>
      <h2 id={`view-${id}`}>{title}</h2>
      {children}
    </section>
  );
}
