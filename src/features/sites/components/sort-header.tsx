import { useStore } from '@nanostores/react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from '../../../components/ui/more-icons';
import { cn } from '../../../lib/cn';
import { sitesMessages } from '../messages';
import type { SortColumn } from '../model/sites-search';

interface SortHeaderProps {
  id: SortColumn;
  label: string;
  align?: 'right' | undefined;
  sort: SortColumn;
  desc: boolean;
  onSort: (column: SortColumn) => void;
}

/** A column header that sorts by its column (aria-sort on the header says how it is sorted now). */
export function SortHeader({ id, label, align, sort, desc, onSort }: SortHeaderProps) {
  const t = useStore(sitesMessages);
  const current = sort === id;
  const Icon = current ? (desc ? ArrowDownIcon : ArrowUpIcon) : ArrowUpDownIcon;
  return (
    <th
      scope="col"
      aria-sort={current ? (desc ? 'descending' : 'ascending') : 'none'}
      className={cn('px-1 py-1 font-medium', align === 'right' ? 'text-right' : 'text-left')}
    >
      <button
        type="button"
        onClick={() => onSort(id)}
        className={cn(
          'max-w-full rounded px-1 py-1 text-left text-xs leading-tight hover:bg-accent',
          current ? 'text-foreground' : 'text-muted-foreground',
          align === 'right' && 'text-right',
        )}
      >
        <span className="min-w-0 break-words">
          {label}
          <Icon size={12} className={cn('ml-0.5 inline align-[-1px]', !current && 'opacity-50')} />
        </span>
        {current ? <span className="sr-only">, {desc ? t.sortDescending : t.sortAscending}</span> : null}
      </button>
    </th>
  );
}

/** A column's name, as its header and the sort menu say it. */
export function columnLabel(t: ReturnType<typeof sitesMessages.get>, id: SortColumn): string {
  const labels: Record<SortColumn, string> = {
    domain: t.colDomain,
    status: t.colStatus,
    threats: t.colThreats,
    lastScan: t.colLastScan,
    nextScan: t.colNextScan,
    firewall: t.colFirewall,
    cleanup: t.colCleanup,
    patching: t.colPatching,
    period: t.colPeriod,
    permissions: t.colPermissions,
    customer: t.colCustomer,
  };
  return labels[id];
}
