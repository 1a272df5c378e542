import Link, { type LinkProps } from 'next/link';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

type TVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const cls = (variant: TVariant, extra?: string) =>
  [styles.button, styles[variant], extra].filter(Boolean).join(' ');

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: TVariant }) {
  return <button type={type} className={cls(variant, className)} {...props} />;
}

/** A link that looks like a button (calls to action). */
export function ButtonLink({
  variant = 'primary',
  className,
  children,
  ...props
}: LinkProps & { variant?: TVariant; className?: string; children: ReactNode }) {
  return (
    <Link className={cls(variant, className)} {...props}>
      {children}
    </Link>
  );
}
