import type { SiteOption } from '../../../api/registry/sites';
import { BULK_CHANGES } from '../../../data/sites';
import type { BulkAction } from '../use-bulk-job';
import type { bulkMessages } from '../bulk-messages';

type BulkWords = ReturnType<typeof bulkMessages.get>;

/** An option change offered for a selection (data/sites.ts), by its id for the select. */
type ChangeId = keyof typeof BULK_CHANGES;
export type BulkChoice = ChangeId | 'scan' | 'share' | 'delete';

const CHANGE_IDS = Object.keys(BULK_CHANGES) as ChangeId[];
const isChange = (id: BulkChoice): id is ChangeId => Object.hasOwn(BULK_CHANGES, id);

/** In the order the select offers them. */
export const BULK_CHOICE_IDS: readonly BulkChoice[] = [...CHANGE_IDS, 'scan', 'share', 'delete'];

/** A change that needs no question first, by its id. */
export function directAction(id: BulkChoice): BulkAction | undefined {
  if (id === 'scan') return { kind: 'scan' };
  return isChange(id) ? { kind: 'option', change: BULK_CHANGES[id] } : undefined;
}

/** The option a choice changes (none for scan, share and delete). */
export function choiceOption(id: BulkChoice): SiteOption | undefined {
  return isChange(id) ? BULK_CHANGES[id].option : undefined;
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
      const { option, value } = action.change;
      const id = CHANGE_IDS.find((c) => BULK_CHANGES[c].option === option && BULK_CHANGES[c].value === value);
      return id ? choiceLabel(t, id) : t.apply;
    }
  }
}

/** A choice's words: the bulk words have one for each id (a bulk change without words does not compile). */
export function choiceLabel(t: BulkWords, id: BulkChoice): string {
  return t[id];
}
