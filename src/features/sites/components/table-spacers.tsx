/** The sites table's rows that are no site: a row whose window is on its way, and the space of the rows not rendered. */
import { cn } from '../../../lib/cn';
import type { TableLayout } from './site-row';

export function LoadingRow({
  index,
  layout,
  columns,
  measure,
}: {
  index: number;
  layout: TableLayout;
  columns: number;
  measure: (element: HTMLTableSectionElement | null) => void;
}) {
  return (
    <tbody ref={measure} data-index={index} aria-hidden="true">
      <tr className={cn(layout === 'narrow' ? 'h-14' : 'h-10', '[&>td]:border-b [&>td]:border-border')}>
        <td colSpan={columns} className="px-3">
          <span className="block h-3 w-1/3 animate-pulse rounded bg-surface-muted motion-reduce:animate-none" />
        </td>
      </tr>
    </tbody>
  );
}

export function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tbody aria-hidden="true">
      <tr>
        <td colSpan={columns} style={{ height, padding: 0 }} />
      </tr>
    </tbody>
  );
}
