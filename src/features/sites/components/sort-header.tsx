import { useStore } from '@nanostores/react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from '../../../components/ui/more-icons';
import { cn } from '../../../lib/cn';
import { sitesMessages } from '../../../components/site/site-messages';
import type { SortColumn } from '../../../data/site-model/sites-search';

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
  const lastSpace = label.lastIndexOf(' ');
  return (
    <th
      scope="col"
      aria-sort={current ? (desc ? 'descending' : 'ascending') : 'none'}
      className={cn('px-0.5 py-1 font-medium', align === 'right' ? 'text-right' : 'text-left')}
    >
      <button
        type="button"
        onClick={() => onSort(id)}
        className={cn(
          'max-w-full rounded px-0.5 py-1 text-left text-xs leading-tight hover:bg-accent',
          current ? 'text-foreground' : 'text-muted-foreground',
          align === 'right' && 'text-right',
        )}
      >
        {/* Lines break between words only: a word cut in two (or hyphenated) reads as two. */}
        {/* The arrow stays with the last word, never on a line of its own. */}
        <span className="min-w-0">
          {label.slice(0, lastSpace + 1)}
          <span className="whitespace-nowrap">
            {label.slice(lastSpace + 1)}
            <Icon size={12} className={cn('ml-0.5 inline align-[-1px]', !current && 'opacity-50')} />
          </span>
        </span>
        {current ? <span className="sr-only">, {desc ? t.sortDescending : t.sortAscending}</span> : null}
      </button>
    </th>
  );
}
