import { useStore } from '@nanostores/react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import type { SiteOption } from '../../../api/registry/sites';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { bulkMessages } from '../bulk-messages';
import type { BulkAction } from '../use-bulk-job';
import { cn } from '../../../lib/cn';
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

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-foreground outline-none select-none data-[highlighted]:bg-accent data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60';

/**
 * The selection and the change to apply to it, in one step: a menu whose
 * item applies its change (Radix menu, non-modal as the CSP wants); share and
 * delete ask first.
 */
export function BulkBar({ selected, matching, onSelectAll, onClear, onStart, busy, unavailable }: BulkBarProps) {
  const t = useStore(bulkMessages);
  const [asking, setAsking] = useState<'share' | 'delete' | null>(null);
  const count = selected.length;
  const refused = (id: BulkChoice) => {
    const option = choiceOption(id);
    return option !== undefined && unavailable.includes(option);
  };
  const apply = (choice: BulkChoice) => {
    if (refused(choice)) return;
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
      <div className="sm:ml-auto">
        <Menu.Root modal={false}>
          <Menu.Trigger asChild>
            {/* No second run until this one ends; an option the key was refused is offered disabled. */}
            <Button disabled={busy}>
              {t.action}
              <ChevronDownIcon />
            </Button>
          </Menu.Trigger>
          <Menu.Portal>
            <Menu.Content
              align="end"
              side="top"
              sideOffset={4}
              collisionPadding={8}
              className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-md border border-border bg-surface p-1 text-foreground shadow-lg"
            >
              {BULK_CHOICE_IDS.map((id) => {
                const label = choiceLabel(t, id);
                const off = refused(id);
                return (
                  <Menu.Item
                    key={id}
                    className={cn(itemClass, id === 'delete' && 'text-danger-text')}
                    disabled={off}
                    onSelect={() => apply(id)}
                  >
                    {off ? t.choiceUnavailable({ change: label }) : label}
                  </Menu.Item>
                );
              })}
            </Menu.Content>
          </Menu.Portal>
        </Menu.Root>
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
