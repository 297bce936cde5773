import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { SiteOption } from '../../../api/registry/sites';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Select } from '../../../components/ui/select';
import { bulkMessages } from '../bulk-messages';
import type { BulkAction } from '../use-bulk-job';
import { BULK_CHOICE_IDS, choiceLabel, choiceOption, directAction, type BulkChoice } from './bulk-actions';
import { ShareDialog } from '../../../components/site/share-dialog';

interface BulkBarProps {
  /** The selected sites (domains). */
  selected: readonly string[];
  /** How many sites the view shows (all can be selected at once). */
  matching: number;
  onSelectAll: () => void;
  onClear: () => void;
  onStart: (action: BulkAction, domains: readonly string[]) => void;
  /** A run is under way: no second one until it ends. */
  busy: boolean;
  /** Options the key was refused (145904): their changes are not offered. */
  unavailable: readonly SiteOption[];
}

/** The selection and the change to apply to it; share and delete ask first. */
export function BulkBar({ selected, matching, onSelectAll, onClear, onStart, busy, unavailable }: BulkBarProps) {
  const t = useStore(bulkMessages);
  const [choice, setChoice] = useState<BulkChoice | ''>('');
  const [asking, setAsking] = useState<'share' | 'delete' | null>(null);
  const count = selected.length;
  const refused = (id: BulkChoice) => {
    const option = choiceOption(id);
    return option !== undefined && unavailable.includes(option);
  };
  const options = [
    { value: '' as const, label: t.choose, disabled: true },
    ...BULK_CHOICE_IDS.map((id) => {
      const label = choiceLabel(t, id);
      return refused(id)
        ? { value: id, label: t.choiceUnavailable({ change: label }), disabled: true }
        : { value: id, label };
    }),
  ];

  const apply = () => {
    if (choice === '' || refused(choice)) return;
    const action = directAction(choice);
    if (action) onStart(action, selected);
    else setAsking(choice === 'share' ? 'share' : 'delete');
  };

  return (
    <div
      role="region"
      aria-label={t.action}
      className="flex flex-col gap-2 rounded-lg border border-primary/40 bg-surface px-3 py-2 sm:flex-row sm:flex-wrap sm:items-center"
    >
      <p className="text-sm font-medium" role="status">
        {t.selected(count)}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {count < matching ? (
          <Button variant="link" size="inline" onClick={onSelectAll}>
            {t.selectAllMatching(matching)}
          </Button>
        ) : null}
        <Button variant="link" size="inline" onClick={onClear}>
          {t.clearSelection}
        </Button>
      </div>
      <div className="flex items-center gap-2 sm:ml-auto">
        <Select<BulkChoice | ''>
          aria-label={t.action}
          value={choice}
          options={options}
          onValueChange={setChoice}
          className="min-w-0 flex-1 sm:w-64 sm:flex-none"
        />
        {/* A choice made before its option was refused stays chosen, but is not sent again. */}
        <Button onClick={apply} disabled={choice === '' || busy || refused(choice)}>
          {t.apply}
        </Button>
      </div>
      <ShareDialog
        open={asking === 'share'}
        onOpenChange={(open) => setAsking(open ? 'share' : null)}
        title={t.shareTitle(count)}
        onSubmit={async (unit) => onStart({ kind: 'share', unit }, selected)}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={(open) => setAsking(open ? 'delete' : null)}
        title={t.deleteTitle(count)}
        description={t.deleteText}
        confirmLabel={t.deleteConfirm(count)}
        onConfirm={() => {
          onStart({ kind: 'delete' }, selected);
          onClear();
        }}
      />
    </div>
  );
}
