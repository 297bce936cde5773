/**
 * The charts' colours, one config (docs/architecture.md#one-chart-config): CSS variables set in
 * charts.css for the light and the dark theme, used by the SVG and by the
 * legend and table swatches alike, so a theme changes one place.
 */
import type { AttackClass } from '../../data/site-model/firewall-days';

export const CLASS_COLOURS: Record<AttackClass, string> = {
  dos: 'var(--chart-dos)',
  injection: 'var(--chart-injection)',
  uploads: 'var(--chart-uploads)',
  other: 'var(--chart-other)',
  unclassified: 'var(--chart-unclassified)',
};

export const LINE_COLOURS = {
  uniqueIps: 'var(--chart-ips)',
  allowed: 'var(--chart-allowed)',
} as const;

/** A small colour key beside a series' name (decorative: the name says it). */
export function Swatch({ colour, line = false }: { colour: string; line?: boolean }) {
  return (
    <svg width="12" height="12" aria-hidden="true" className="shrink-0">
      {line ? (
        <rect y="5" width="12" height="2.5" rx="1" fill={colour} />
      ) : (
        <rect width="12" height="12" rx="2" fill={colour} />
      )}
    </svg>
  );
}
