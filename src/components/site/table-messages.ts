/** The words of the sites table's own controls: columns, clear filters, confirmations with Undo. */
import { i18n, params } from '../../i18n/i18n';

export const tableMessages = /* @__PURE__ */ i18n('sitesTable', {
  columns: 'Columns',
  /** A changed option's confirmation: "The firewall of shop.example: Off". */
  changed: params('{option} of {domain}: {value}'),
  undo: 'Undo',
  /** The plan's use, where the service gives its site limit. */
  planUsage: params('{used} of {limit} sites in your plan'),
  planFull: 'No room for more: ask your provider for a larger plan.',
});
