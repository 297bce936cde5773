import { useStore } from '@nanostores/react';
import { useSyncExternalStore } from 'react';
import { MonitorIcon, MoonIcon, SunIcon } from '../../components/ui/icons';
import { cn } from '../../lib/cn';
import {
  getThemePreference,
  setThemePreference,
  subscribeThemePreference,
  THEME_PREFERENCES,
  type ThemePreference,
} from '../../lib/theme';
import { themeMessages } from './messages';

const ICONS: Record<ThemePreference, typeof SunIcon> = { system: MonitorIcon, light: SunIcon, dark: MoonIcon };

/**
 * System / light / dark as a native radio group (arrow keys, one tab stop, a
 * group label), drawn as a compact segmented control.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const t = useStore(themeMessages);
  const current = useSyncExternalStore(subscribeThemePreference, getThemePreference, getThemePreference);
  return (
    <fieldset className={cn('flex rounded-md border border-border bg-surface p-0.5', className)}>
      <legend className="sr-only">{t.legend}</legend>
      {THEME_PREFERENCES.map((value) => {
        const label = t[value];
        const Icon = ICONS[value];
        return (
          <label
            key={value}
            title={label}
            className="relative flex size-8 cursor-pointer items-center justify-center rounded text-muted-foreground hover:text-foreground has-[:checked]:bg-accent has-[:checked]:text-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={current === value}
              onChange={() => setThemePreference(value)}
              // Over the whole segment, transparent: clicks, taps and tests reach the real radio.
              className="absolute inset-0 m-0 cursor-pointer appearance-none rounded opacity-0"
            />
            <Icon />
            <span className="sr-only">{label}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
