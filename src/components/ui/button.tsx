import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
        secondary: 'border border-input bg-surface text-foreground hover:bg-accent',
        ghost: 'text-foreground hover:bg-accent',
        danger: 'bg-danger text-danger-foreground hover:opacity-90',
        link: 'text-link underline underline-offset-2 hover:no-underline',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-11 px-5 text-base',
        icon: 'h-10 w-10',
        /** A 36 px icon button, for a table's rows. */
        iconSm: 'h-9 w-9',
        inline: 'p-0 text-sm',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /**
     * Cannot be pressed now, said so (aria-disabled), yet focusable: for a button whose own press is
     * under way ("Scanning…"). A `disabled` button pressed drops the keyboard's focus to the page's body.
     */
    unavailable?: boolean;
  };

export function Button({ className, variant, size, type = 'button', unavailable, onClick, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonVariants({ variant, size }), className)}
      aria-disabled={unavailable === true ? true : undefined}
      onClick={unavailable === true ? (event) => event.preventDefault() : onClick}
      {...props}
    />
  );
}
