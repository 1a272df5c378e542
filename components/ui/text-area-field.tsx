import type { TextareaHTMLAttributes } from 'react';
import styles from './field.module.css';
import { FieldFrame, type TFrameProps } from './field-frame';

type TProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof TFrameProps> & TFrameProps;

/** A labelled multi-line text with its hint and error tied to it. */
export function TextAreaField(props: TProps) {
  return (
    <FieldFrame
      props={props}
      control={(tie, area) => (
        <textarea {...tie} className={`${styles.input} ${styles.textarea}`} rows={4} {...area} />
      )}
    />
  );
}
