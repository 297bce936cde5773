/**
 * A site's options as site_setoption allows them (docs/partner-api.md#site_setoption), each named with
 * the option's word and the site's domain. Changes are optimistic
 * (site-actions.tsx); an option the key may not use (145904) is shown
 * unavailable with the reason, not as a failure to retry.
 */
import { useStore } from '@nanostores/react';
import { useId, type ReactNode } from 'react';
import type { ScanPeriod, SiteOption } from '../../api/registry/sites';
import type { PatchingState } from '../../api/workspace';
import { Button } from '../ui/button';
import { Select } from '../ui/select';
import { Switch } from '../ui/switch';
import { carriesPatching, useCarriedPatching, usePatchingOf } from '../../data/site-memory';
import type { Site } from '../../data/sites';
import { format } from '../../i18n/format';
import { cn } from '../../lib/cn';
import { sitesMessages } from './site-messages';
import { periodName } from '../../data/site-model/site-filters';
import { useSiteActions } from './site-actions';

/** A reason read with a control (visually hidden; the hover title says it to the eye). */
function Reason({ id, text }: { id: string; text: string }) {
  return (
    <span id={id} className="sr-only">
      {text}
    </span>
  );
}

export function FirewallSwitch({ site }: { site: Site }) {
  const t = useStore(sitesMessages);
  const { setOption } = useSiteActions();
  return (
    <Switch
      aria-label={t.firewall({ domain: site.domain })}
      checked={site.firewallstatus === 1}
      onCheckedChange={(on) =>
        setOption(
          site.domain,
          { option: 'firewall', value: on ? 'enable' : 'disable' },
          { option: 'firewall', value: on ? 'disable' : 'enable' },
        )
      }
    />
  );
}

export function CleanupSwitch({ site }: { site: Site }) {
  const t = useStore(sitesMessages);
  const { setOption, unavailable: refused } = useSiteActions();
  const unavailable = refused.includes('autocleanup');
  const reasonId = useId();
  return (
    <span title={unavailable ? t.unavailable : undefined} className="inline-flex">
      <Switch
        aria-label={t.cleanup({ domain: site.domain })}
        aria-describedby={unavailable ? reasonId : undefined}
        checked={site.autotreatment === 1}
        disabled={unavailable}
        onCheckedChange={(on) =>
          setOption(
            site.domain,
            { option: 'autocleanup', value: on ? 1 : 0 },
            { option: 'autocleanup', value: on ? 0 : 1 },
          )
        }
      />
      {unavailable ? <Reason id={reasonId} text={t.unavailable} /> : null}
    </span>
  );
}

/**
 * The API does not report automatic patching (docs/partner-api.md#site-object has no field): the
 * switch shows what was last set from this dashboard, and says so; when
 * nothing was, its thumb sits in the middle and its accessible name says
 * "state unknown" (ARIA has no third state for a switch: it reads as off).
 */
export function PatchingSwitch({ site }: { site: Site }) {
  // A table's rows carry their patching: a row asks nothing (a query observer per row slowed a
  // sort's re-render); a site page's site is asked for.
  return carriesPatching(site) ? <CarriedPatchingSwitch site={site} /> : <AskedPatchingSwitch site={site} />;
}

function CarriedPatchingSwitch({ site }: { site: Site }) {
  return <PatchingSwitchOf site={site} patching={useCarriedPatching(useSiteActions().account, site)} />;
}

function AskedPatchingSwitch({ site }: { site: Site }) {
  return <PatchingSwitchOf site={site} patching={usePatchingOf(useSiteActions().account, site)} />;
}

function PatchingSwitchOf({ site, patching }: { site: Site; patching: ReturnType<typeof usePatchingOf> }) {
  const t = useStore(sitesMessages);
  const { setOption, unavailable: refused } = useSiteActions();
  const unavailable = refused.includes('autopatching');
  const setBy = useSetByText(patching?.state);
  const remembered = patching?.value;
  const reasonId = useId();
  const reason = unavailable
    ? t.unavailable
    : remembered === undefined
      ? t.patchingUnknown
      : `${t.patchingRemembered}${setBy ? ` ${setBy}` : ''}`;
  return (
    <span title={reason} className="inline-flex items-center gap-1.5">
      <Switch
        // A switch can only be on or off: while the state is unknown its name says so, not only the half thumb.
        aria-label={
          remembered === undefined
            ? t.patchingUnknownName({ domain: site.domain })
            : t.patching({ domain: site.domain })
        }
        aria-describedby={reasonId}
        checked={remembered === 1}
        disabled={unavailable}
        data-unknown={remembered === undefined ? '' : undefined}
        className="data-[unknown]:bg-[repeating-linear-gradient(135deg,var(--input)_0_4px,var(--accent)_4px_8px)] data-[unknown]:[&>span]:translate-x-2.5"
        onCheckedChange={(on) =>
          setOption(
            site.domain,
            { option: 'autopatching', value: on ? 1 : 0 },
            // Undo puts back what was known; an unknown state cannot be put back.
            remembered === undefined ? undefined : { option: 'autopatching', value: remembered },
          )
        }
      />
      <Reason id={reasonId} text={reason} />
      {remembered === undefined && !unavailable ? (
        <span aria-hidden="true" className="text-xs text-muted-foreground">
          ?
        </span>
      ) : null}
    </span>
  );
}

/** Who set a site's automatic patching through the dashboard, and when ("Set by ana@agency.example on 12 Nov"). */
function useSetByText(state: PatchingState | undefined): string | undefined {
  const t = useStore(sitesMessages);
  const f = useStore(format);
  if (!state) return undefined;
  const who = state.setBy.personName ? `${state.setBy.personName} (${state.setBy.userEmail})` : state.setBy.userEmail;
  return t.patchingSetBy({ who, date: f.date(state.setAt, { day: 'numeric', month: 'short' }) });
}

/**
 * The same, shown: on the site page, beside the switch. Hidden from screen readers where the switch's
 * description says it already (PatchingSwitch's reason: the option usable, its state known), so it is
 * read once.
 */
export function PatchingSetBy({ site }: { site: Site }) {
  const { account, unavailable } = useSiteActions();
  const patching = usePatchingOf(account, site);
  const text = useSetByText(patching?.state);
  const described = !unavailable.includes('autopatching') && patching?.value !== undefined;
  return text ? (
    <span aria-hidden={described || undefined} className="block text-xs text-muted-foreground">
      {text}
    </span>
  ) : null;
}

const PERIODS: readonly ScanPeriod[] = ['month', 'week', 'day', '0'];

/** The scan period; `compact` in a table row (a small select as wide as the column). */
export function PeriodSelect({ site, className, compact }: { site: Site; className?: string; compact?: boolean }) {
  const t = useStore(sitesMessages);
  const { setOption } = useSiteActions();
  const current = periodName(site.scanperiod);
  const labels: Record<ScanPeriod, string> = {
    month: t.periodMonth,
    week: t.periodWeek,
    day: t.periodDay,
    '0': t.periodOff,
  };
  const options: { value: ScanPeriod | 'other'; label: string }[] = PERIODS.map((value) => ({
    value,
    label: labels[value],
  }));
  // A length the API does not set (docs/partner-api.md#site-object gives seconds): shown as such, not chosen.
  if (current === undefined) options.push({ value: 'other', label: t.periodOther });
  return (
    <Select
      aria-label={t.period({ domain: site.domain })}
      value={current ?? 'other'}
      options={options}
      // As wide as its longest option in the reader's language ("Wöchentlich" is wider than "Weekly").
      className={cn(compact ? 'w-full' : 'w-max min-w-28', className)}
      size={compact ? 'sm' : 'md'}
      onValueChange={(value) => {
        if (value === 'other') return;
        const undo = current === undefined ? undefined : ({ option: 'scanperiod', value: current } as const);
        setOption(site.domain, { option: 'scanperiod', value }, undo);
      }}
    />
  );
}

export function PermissionsButton({ site }: { site: Site }) {
  const t = useStore(sitesMessages);
  const f = useStore(format);
  const { ask } = useSiteActions();
  return (
    <Button
      variant="secondary"
      size="sm"
      className="min-w-12 font-mono tabular-nums"
      aria-label={t.permissions({ domain: site.domain, value: site.permissions })}
      aria-haspopup="dialog"
      onClick={() => ask('permissions', site)}
    >
      {f.integer(site.permissions)}
    </Button>
  );
}

/**
 * Every option's control, in the order the site page lists them with their
 * labels (messages.ts `optionLabel`); a new option's control goes here.
 */
export const OPTION_CONTROLS: readonly {
  option: SiteOption;
  Control: (props: { site: Site; className?: string }) => ReactNode;
}[] = [
  { option: 'firewall', Control: FirewallSwitch },
  { option: 'autocleanup', Control: CleanupSwitch },
  { option: 'autopatching', Control: PatchingSwitch },
  { option: 'scanperiod', Control: PeriodSelect },
  { option: 'permissions', Control: PermissionsButton },
];
