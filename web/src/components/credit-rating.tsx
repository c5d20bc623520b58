import { useTranslation } from '../lib/use-translation.ts';
import { cn } from '../lib/cn.ts';

export const CREDIT_RATINGS = ['Excellent', 'Good', 'Fair', 'Poor', 'Very Poor'] as const;
export type CreditRating = (typeof CREDIT_RATINGS)[number];

/**
 * The one colour of each rating band (DOMAIN: Excellent ≥ 750 … Very Poor < 600), from green to
 * red, used wherever a rating is shown: the Loans page card, the Credit Score tab, the dashboard.
 * Each colour keeps a 4.5:1 contrast on the cards, light and dark.
 */
export const RATING_TONE: Readonly<Record<CreditRating, string>> = {
  Excellent: 'text-emerald-700 dark:text-emerald-400',
  Good: 'text-lime-700 dark:text-lime-400',
  Fair: 'text-amber-700 dark:text-amber-400',
  Poor: 'text-orange-700 dark:text-orange-400',
  'Very Poor': 'text-red-700 dark:text-red-400',
};

/** A rating in the member's language, in its band's colour. */
export function CreditRatingText({ rating, className, testId }: { rating: CreditRating; className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('font-semibold', RATING_TONE[rating], className)} data-rating={rating} data-testid={testId}>
      {t(`loans.ratings.${rating}`)}
    </span>
  );
}
