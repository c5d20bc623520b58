import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

// A card's border, background and text colours come together from its tone, so a caller never
// gives a second colour for cn() (plain clsx) to leave to the stylesheet's order.
const cardVariants = cva('rounded-2xl border shadow-sm', {
  variants: {
    tone: {
      default: 'border-border bg-card text-card-foreground',
      /** A failed load's message in a card. */
      error: 'border-border bg-card text-destructive',
      /** Overdue contributions: the border says it. */
      alert: 'border-destructive/40 bg-card text-card-foreground',
      /** The one card to act on (next contribution, business analytics). */
      highlight: 'border-primary/30 bg-primary/5 text-card-foreground',
      /** The dashboard's insights: the hero's gradient. */
      hero: 'border-border bg-gradient-to-br from-hero-from to-hero-to text-card-foreground',
    },
  },
  defaultVariants: { tone: 'default' },
});

export function Card({ className, tone, ...props }: ComponentProps<'div'> & VariantProps<typeof cardVariants>) {
  return <div className={cn(cardVariants({ tone }), className)} {...props} />;
}
