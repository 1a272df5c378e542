import { useTranslation } from 'next-i18next/pages';
import { largestUnit } from '@/lib/format/relative-time';
import type { TBoardApplication, TBoardRating } from '@/types/pipeline';

// How the workbench writes a rating and a time in stage (docs/product.md "The recruiter's
// workbench"): "★ 4.5 (2)" with the language's decimal sign ("4,5" in Spanish), and how long an
// applicant has been in their status ("6 days").

const decimals = new Map<string, Intl.NumberFormat>();

/** An average with one decimal in the reader's language (built once per language). */
export function formatAverage(average: number, lang: string): string {
  const locale = lang.startsWith('es') ? 'es' : 'en';
  let format = decimals.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    decimals.set(locale, format);
  }
  return format.format(average);
}

/** The card's rating; none yet when the answer has none (an older server). */
export const ratingOf = (a: TBoardApplication): TBoardRating =>
  (a.rating as TBoardRating | undefined) ?? { average: null, count: 0, mine: null };

/** The team's rating as a short text and its spoken label; null when nobody rated. */
export function useRatingText() {
  const { t, i18n } = useTranslation('pipeline');
  return (rating: TBoardRating) => {
    if (rating.average === null || rating.count === 0) return null;
    const average = formatAverage(rating.average, i18n.language);
    return {
      text: t('workbench.rating', { average, count: rating.count }),
      label: t('workbench.rating_label', { average, count: rating.count }),
    };
  };
}

/** "6 days", "3 hours": how long since `since`, in its largest whole unit. */
export function useDuration() {
  const { t: tp } = useTranslation('profile');
  return (since: string, now: Date = new Date()) => {
    const from = new Date(since);
    if (Number.isNaN(from.getTime())) return null;
    const { unit, count } = largestUnit(from, now);
    return tp(`format.unit.${unit}`, { count });
  };
}
