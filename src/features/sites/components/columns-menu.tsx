import { useStore } from '@nanostores/react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Button } from '../../../components/ui/button';
import { CheckIcon, ColumnsIcon } from '../../../components/ui/more-icons';
import { sitesMessages } from '../../../components/site/site-messages';
import { setColumnShown } from '../column-visibility';
import { tableMessages } from '../../../components/site/table-messages';
import type { SitesTableModel } from '../use-sites-view';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-foreground outline-none select-none data-[highlighted]:bg-accent';

/**
 * Which columns the table shows (Radix menu of checkbox items: arrow keys,
 * Space, Escape; non-modal, as the CSP forbids the modal one's <style>). The
 * choice is kept on this device (column-visibility.ts).
 */
export function ColumnsMenu({ table }: { table: SitesTableModel }) {
  const t = useStore(tableMessages);
  const s = useStore(sitesMessages);
  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <Button variant="secondary">
          <ColumnsIcon />
          {t.columns}
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-40 w-56 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-surface p-1 text-foreground shadow-lg"
        >
          {hideable.map((column) => (
            <Menu.CheckboxItem
              key={column.id}
              className={itemClass}
              checked={column.getIsVisible()}
              // The menu stays open: several columns are often shown or hidden at once.
              onSelect={(e) => e.preventDefault()}
              onCheckedChange={(shown) => setColumnShown(column.id, shown)}
            >
              <span className="inline-flex size-4 items-center justify-center">
                <Menu.ItemIndicator>
                  <CheckIcon size={14} />
                </Menu.ItemIndicator>
              </span>
              {column.columnDef.meta?.label(s) ?? column.id}
            </Menu.CheckboxItem>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
