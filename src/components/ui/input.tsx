import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const inputVariants = cva(
  'block w-full rounded-md border bg-surface px-3 text-foreground placeholder:text-muted-foreground disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-danger aria-[invalid=true]:border-2',
  {
    variants: {
      size: {
        sm: 'h-7 text-xs',
        md: 'h-10 text-base sm:text-sm',
        lg: 'h-12 text-lg',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export type InputProps = Omit<ComponentProps<'input'>, 'size'> & VariantProps<typeof inputVariants>;

export function Input({ className, size, ...props }: InputProps) {
  return <input className={cn(inputVariants({ size }), 'border-input', className)} {...props} />;
}
