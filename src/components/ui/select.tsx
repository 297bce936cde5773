import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { ChevronDownIcon } from './icons';
import { inputVariants } from './input';

interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

type SelectProps<V extends string> = Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children' | 'size'> & {
  value: V;
  onValueChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  /** `sm`: a compact control for a table row. */
  size?: 'sm' | 'md';
};

/**
 * One value of a short list (a scan period), drawn like our inputs. The
 * browser's own select, not Radix Select: Radix's list renders an inline
 * <style> element that our CSP (style-src 'self') refuses
 * (docs/decisions/005-primitives-and-the-csp.md). The native control is
 * fully keyboard and screen-reader accessible, and on phones and in narrow
 * panel iframes opens the system picker. Label it with a Field or aria-label.
 */
export function Select<V extends string>({
  value,
  onValueChange,
  options,
  className,
  size = 'md',
  ...props
}: SelectProps<V>) {
  const small = size === 'sm';
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          inputVariants({ size }),
          'border-input cursor-pointer appearance-none',
          small ? 'pr-5 pl-2' : 'pr-9',
        )}
        value={value}
        onChange={(e) => {
          const chosen = options.find((o) => o.value === e.currentTarget.value);
          if (chosen) onValueChange(chosen.value);
        }}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon
        size={small ? 12 : 16}
        className={cn(
          'pointer-events-none absolute top-1/2 -translate-y-1/2 text-muted-foreground',
          small ? 'right-1' : 'right-3',
        )}
      />
    </div>
  );
}
