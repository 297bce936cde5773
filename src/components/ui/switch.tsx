import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { ControlLabel } from './checkbox';

type SwitchProps = Omit<ComponentProps<'button'>, 'type' | 'role' | 'value' | 'onChange'> & {
  checked: boolean;
  /** The new state, when the switch is pressed (click, Space or Enter). */
  onCheckedChange?: (checked: boolean) => void;
  /** A visible label; without one, give the switch an aria-label (a table row's "Firewall, example.com"). */
  label?: ReactNode;
  hint?: ReactNode;
};

/**
 * An on/off setting that takes effect at once: a button with role="switch"
 * and aria-checked, which Space and Enter press as any button. For a choice
 * submitted with a form, use a Checkbox. Our own, not a library's: the sites
 * table draws three a row, and a plain button is a fraction of the work of
 * one made of a library's parts (a sort renders every row's switches anew).
 */
export function Switch({ label, hint, id, className, checked, onCheckedChange, onClick, ...props }: SwitchProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const state = checked ? 'checked' : 'unchecked';
  const control = (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      id={controlId}
      aria-describedby={hintId}
      className={cn(
        'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full p-0.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        label ? undefined : className,
      )}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange?.(!checked);
      }}
    >
      <span
        data-state={state}
        className="block size-5 rounded-full bg-surface shadow transition-transform motion-reduce:transition-none data-[state=checked]:translate-x-5"
      />
    </button>
  );
  if (!label) return control;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      {control}
      <ControlLabel htmlFor={controlId} label={label} hint={hint} hintId={hintId} />
    </div>
  );
}
