import { useId } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

/**
 * A box to find an item in a long list (the customers of a large directory, the sites that miss the
 * sync file), and what it found, said as it changes: a screen reader hears how many match as the
 * words are typed.
 */
export function FindInList({
  label,
  placeholder,
  value,
  onChange,
  status,
  maxLength,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** How many match, or that none does; empty when nothing is typed. */
  status: string;
  maxLength: number;
  className?: string;
}) {
  const id = useId();
  const statusId = useId();
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-foreground">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        aria-describedby={statusId}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <p id={statusId} role="status" className={status ? 'text-xs text-muted-foreground' : 'sr-only'}>
        {status}
      </p>
    </div>
  );
}
