import type { SiteOption } from '../../../api/registry/sites';
import type { BulkAction } from '../use-bulk-job';
import type { bulkMessages } from '../bulk-messages';

type BulkWords = ReturnType<typeof bulkMessages.get>;

/** The changes offered for a selection, by a stable id for the select. */
const BULK_CHOICES = {
  firewallOn: { kind: 'option', change: { option: 'firewall', value: 'enable' } },
  firewallOff: { kind: 'option', change: { option: 'firewall', value: 'disable' } },
  cleanupOn: { kind: 'option', change: { option: 'autocleanup', value: 1 } },
  cleanupOff: { kind: 'option', change: { option: 'autocleanup', value: 0 } },
  patchingOn: { kind: 'option', change: { option: 'autopatching', value: 1 } },
  patchingOff: { kind: 'option', change: { option: 'autopatching', value: 0 } },
  periodMonth: { kind: 'option', change: { option: 'scanperiod', value: 'month' } },
  periodWeek: { kind: 'option', change: { option: 'scanperiod', value: 'week' } },
  periodDay: { kind: 'option', change: { option: 'scanperiod', value: 'day' } },
  periodOff: { kind: 'option', change: { option: 'scanperiod', value: '0' } },
  scan: { kind: 'scan' },
} as const satisfies Record<string, BulkAction>;

type DirectChoice = keyof typeof BULK_CHOICES;
export type BulkChoice = DirectChoice | 'share' | 'delete';

const DIRECT: readonly DirectChoice[] = [
  'firewallOn',
  'firewallOff',
  'cleanupOn',
  'cleanupOff',
  'patchingOn',
  'patchingOff',
  'periodMonth',
  'periodWeek',
  'periodDay',
  'periodOff',
  'scan',
];

/** In the order the select offers them. */
export const BULK_CHOICE_IDS: readonly BulkChoice[] = [...DIRECT, 'share', 'delete'];

/** A change that needs no question first, by its id. */
export function directAction(id: BulkChoice): BulkAction | undefined {
  return id === 'share' || id === 'delete' ? undefined : BULK_CHOICES[id];
}

/** The option a choice changes (none for scan, share and delete). */
export function choiceOption(id: BulkChoice): SiteOption | undefined {
  const action = directAction(id);
  return action?.kind === 'option' ? action.change.option : undefined;
}

/** The words of a change, as the selection menu and the progress name it. */
export function bulkActionLabel(t: BulkWords, action: BulkAction): string {
  switch (action.kind) {
    case 'scan':
      return t.scan;
    case 'delete':
      return t.deleteAction;
    case 'share':
      return t.shareAction({ unit: action.unit });
    case 'option': {
      const id = DIRECT.find((c) => {
        const choice = BULK_CHOICES[c];
        return (
          choice.kind === 'option' &&
          choice.change.option === action.change.option &&
          choice.change.value === action.change.value
        );
      });
      return id ? choiceLabel(t, id) : t.apply;
    }
  }
}

export function choiceLabel(t: BulkWords, id: BulkChoice): string {
  const labels: Record<BulkChoice, string> = {
    firewallOn: t.firewallOn,
    firewallOff: t.firewallOff,
    cleanupOn: t.cleanupOn,
    cleanupOff: t.cleanupOff,
    patchingOn: t.patchingOn,
    patchingOff: t.patchingOff,
    periodMonth: t.periodMonth,
    periodWeek: t.periodWeek,
    periodDay: t.periodDay,
    periodOff: t.periodOff,
    scan: t.scan,
    share: t.share,
    delete: t.delete,
  };
  return labels[id];
}
