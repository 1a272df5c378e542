import { useTranslation } from 'next-i18next/pages';
import styles from './reviews.module.css';

/** A rating as five stars, read out as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('reviews');
  const whole = Math.round(rating);
  return (
    <span className={styles.stars} role="img" aria-label={t('stars', { rating })}>
      {'★'.repeat(whole)}
      {'☆'.repeat(5 - whole)}
    </span>
  );
}

export const RATING_WORDS = ['1', '2', '3', '4', '5'] as const;

/**
 * The rating of the review dialog: five radio buttons (arrow keys move between them), each a
 * star, with the chosen one's word under them.
 */
export function StarPicker({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (rating: number) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('reviews');
  return (
    <fieldset
      className={styles.picker}
      aria-describedby={error ? 'review-rating-error' : undefined}
    >
      <legend>{t('dialog.rating')}</legend>
      <div className={styles.choices}>
        {RATING_WORDS.map((word, i) => {
          const n = i + 1;
          return (
            <label key={word} className={styles.choice}>
              <input
                type="radio"
                name="review-rating"
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-label={t(`dialog.ratings.${word}`)}
              />
              <span
                className={`${styles.face} ${value !== null && n <= value ? styles.lit : ''}`}
                aria-hidden="true"
              >
                {value !== null && n <= value ? '★' : '☆'}
              </span>
            </label>
          );
        })}
      </div>
      <p className={styles.chosen} aria-hidden="true">
        {value !== null ? t(`dialog.ratings.${RATING_WORDS[value - 1]}`) : ''}
      </p>
      {error && (
        <p id="review-rating-error" role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
