import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center whitespace-nowrap rounded-lg font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        accent: 'bg-accent text-accent-foreground shadow-sm hover:bg-accent/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline: 'border border-border bg-background shadow-sm hover:bg-muted hover:text-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-muted hover:text-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      // Gap and text size are the size's, never the base's, so that no class a size sets is also
      // set elsewhere: cn() is plain clsx and nothing would drop the loser (lib/cn.ts).
      size: {
        // On small (touch) screens every button is at least 44 px high (issue 16, WCAG 2.5.5).
        default: 'h-10 gap-2 px-4 py-2 text-sm max-sm:h-11',
        sm: 'h-9 gap-2 px-3 text-sm max-sm:h-11',
        /** The header's language button: a little tighter than sm. */
        compact: 'h-9 gap-1.5 px-2.5 text-sm max-sm:h-11',
        lg: 'h-12 gap-2 px-6 text-base',
        /** A row-like button whose content sets its height (quick actions): at least 44 px on a phone, taller when its label wraps. */
        tall: 'h-auto gap-2 px-4 py-3 text-sm max-sm:min-h-11 max-sm:py-2',
        icon: 'size-10 gap-2 text-sm max-sm:size-11',
        /** A small icon button inside a list row (mark a notification read). */
        'icon-sm': 'size-8 gap-2 text-sm max-sm:size-11',
      },
      align: {
        center: 'justify-center',
        start: 'justify-start',
      },
    },
    defaultVariants: { variant: 'default', size: 'default', align: 'center' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, align, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component className={cn(buttonVariants({ variant, size, align }), className)} {...props} />;
}
