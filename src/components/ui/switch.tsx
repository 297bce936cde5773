import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { ControlLabel } from './checkbox';

type SwitchProps = ComponentProps<typeof SwitchPrimitive.Root> & {
  /** A visible label; without one, give the switch an aria-label (a table row's "Firewall, example.com"). */
  label?: ReactNode;
  hint?: ReactNode;
};

/**
 * An on/off setting that takes effect at once (Radix: role="switch",
 * aria-checked, Space and Enter toggle). For a choice submitted with a form,
 * use a Checkbox.
 */
export function Switch({ label, hint, id, className, ...props }: SwitchProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const control = (
    <SwitchPrimitive.Root
      id={controlId}
      aria-describedby={hintId}
      className={cn(
        'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full p-0.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        label ? undefined : className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="block size-5 rounded-full bg-surface shadow transition-transform motion-reduce:transition-none data-[state=checked]:translate-x-5" />
    </SwitchPrimitive.Root>
  );
  if (!label) return control;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      {control}
      <ControlLabel htmlFor={controlId} label={label} hint={hint} hintId={hintId} />
    </div>
  );
}
