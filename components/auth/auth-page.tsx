import type { ReactNode } from 'react';
import { PageFrame } from '@/components/layout/page-frame';
import styles from './auth.module.css';

/** The frame of the sign-in screens: one centred card. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageFrame title={title}>
      <div className={styles.wrap}>{children}</div>
    </PageFrame>
  );
}
