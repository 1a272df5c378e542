import type { SelectHTMLAttributes } from 'react';
import styles from './field.module.css';
import { FieldFrame, type TFrameProps } from './field-frame';

export type TOption = { value: string; label: string };

type TProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | keyof TFrameProps> &
  Omit<TFrameProps, 'counter'> & {
    options: TOption[];
    /** The first, empty choice ("Choose a country"). */
    placeholder?: string;
  };

/** A labelled native select (keyboard and screen readers work as everywhere). */
export function SelectField({ options, placeholder, ...props }: TProps) {
  return (
    <FieldFrame
      props={props}
      control={(tie, select) => (
        <select {...tie} className={styles.input} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
