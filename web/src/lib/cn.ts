import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

// Later classes win over earlier conflicting Tailwind classes, so callers can override variants.
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
