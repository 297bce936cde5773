import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Deliberately without tailwind-merge (about 8 KiB gzip in
 * the login route's budget): primitives keep their variant classes disjoint
 * from what callers add (layout, spacing), so no conflict resolution is needed.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
