import styles from './auth.module.css';

/** Why a form's call failed, above the form and read out at once (nothing when it did not). */
export function FormAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className={styles.alert} role="alert">
      {text}
    </p>
  );
}
