import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const alertVariants = cva('rounded-md border px-4 py-3 text-sm', {
  variants: {
    tone: {
      error: 'border-danger-border bg-danger-surface text-danger-text',
      warning: 'border-warning-border bg-warning-surface text-warning-text',
      success: 'border-success-border bg-success-surface text-success-text',
      info: 'border-info-border bg-info-surface text-info-text',
    },
  },
  defaultVariants: { tone: 'info' },
});

export type AlertProps = ComponentProps<'div'> & VariantProps<typeof alertVariants>;

/**
 * A message box. Errors use role="alert" so they are announced when they
 * appear; other tones are a polite status.
 */
export function Alert({ className, tone, role, ...props }: AlertProps) {
  return (
    <div
      role={role ?? (tone === 'error' ? 'alert' : 'status')}
      className={cn(alertVariants({ tone }), className)}
      {...props}
    />
  );
}
