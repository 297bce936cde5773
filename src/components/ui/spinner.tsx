import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A decorative spinner; the surrounding text says what is happening. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none',
        className,
      )}
    />
  );
}

/** A line that says what is loading, with the spinner; screen readers hear it (role status). */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {children}
    </p>
  );
}
