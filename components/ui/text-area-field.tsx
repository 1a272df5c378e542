import type { TextareaHTMLAttributes } from 'react';
import styles from './field.module.css';
import { FieldFrame, splitFrame, type TFrameProps } from './field-frame';

type TProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof TFrameProps> & TFrameProps;

/** A labelled multi-line text with its hint and error tied to it. */
export function TextAreaField(props: TProps) {
  const { frame, control: area } = splitFrame(props);
  return (
    <FieldFrame
      {...frame}
      control={(tie) => (
        <textarea {...tie} className={`${styles.input} ${styles.textarea}`} rows={4} {...area} />
      )}
    />
  );
}
