import { useState, type InputHTMLAttributes } from 'react';
import styles from './field.module.css';
import { FieldFrame, type TFrameProps } from './field-frame';

type TProps = Omit<InputHTMLAttributes<HTMLInputElement>, keyof TFrameProps> & TFrameProps;

/** A labelled input with its hint, counter and error tied to it for assistive technology. */
export function TextField(props: TProps) {
  return (
    <FieldFrame
      props={props}
      control={(tie, input) => <input {...tie} className={styles.input} {...input} />}
    />
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  showLabel,
  hideLabel,
  ...props
}: TProps & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.passwordRow}>
      <TextField {...props} type={visible ? 'text' : 'password'} className={styles.grow} />
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? hideLabel : showLabel}
      </button>
    </div>
  );
}

/** An e-mail input (the e-mail keyboard, the browser's saved addresses). */
export function EmailField(props: Omit<TProps, 'type'>) {
  return <TextField type="email" autoComplete="email" {...props} />;
}
