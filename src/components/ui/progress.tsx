import { useStore } from '@nanostores/react';
import * as ProgressPrimitive from '@radix-ui/react-progress';
import { useId, type ReactNode } from 'react';
import { format } from '../../i18n/format';
import { cn } from '../../lib/cn';

interface ProgressProps {
  /** Done so far, 0 to max; null while the total is not known (indeterminate). */
  value: number | null;
  max?: number;
  /** What is progressing ("Changing 50 sites"): the bar's accessible name. */
  label: ReactNode;
  /** Read out with the value ("12 of 50 done"); default: the percentage. */
  valueText?: string;
  className?: string;
}

/** A progress bar (Radix: role="progressbar" with aria-valuenow/max), labelled, in the language's percent format. */
export function Progress({ value, max = 100, label, valueText, className }: ProgressProps) {
  const f = useStore(format);
  const labelId = useId();
  const share = value === null || max <= 0 ? null : Math.min(1, Math.max(0, value / max));
  const percent = share === null ? '' : f.number(share, { style: 'percent' });
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium text-foreground">
          {label}
        </span>
        <span className="text-muted-foreground tabular-nums" aria-hidden="true">
          {valueText ?? percent}
        </span>
      </div>
      <ProgressPrimitive.Root
        value={value === null ? null : Math.min(max, Math.max(0, value))}
        max={max}
        aria-labelledby={labelId}
        getValueLabel={() => valueText ?? percent}
        className="relative h-2 overflow-hidden rounded-full bg-accent"
      >
        <ProgressPrimitive.Indicator
          className="h-full bg-primary transition-transform motion-reduce:transition-none data-[state=indeterminate]:w-1/3 data-[state=indeterminate]:animate-pulse motion-reduce:data-[state=indeterminate]:animate-none"
          style={share === null ? undefined : { transform: `translateX(-${100 - share * 100}%)` }}
        />
      </ProgressPrimitive.Root>
    </div>
  );
}
