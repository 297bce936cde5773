import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; hint?: ReactNode };

/** A native checkbox with its label and optional hint (the hint describes it). */
export function Checkbox({ label, hint, className, ...props }: CheckboxProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('flex items-start gap-2', className)}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={hintId}
        className="mt-0.5 size-4 shrink-0 accent-primary"
        {...props}
      />
      <ControlLabel htmlFor={id} label={label} hint={hint} hintId={hintId} />
    </div>
  );
}

/**
 * The label beside a checkbox or a switch, and the hint under it (the control's
 * aria-describedby names `hintId`).
 */
export function ControlLabel({
  htmlFor,
  label,
  hint,
  hintId,
}: {
  htmlFor: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId?: string | undefined;
}) {
  return (
    <div className="text-sm">
      <label htmlFor={htmlFor} className="font-medium text-foreground">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
