import { useStore } from '@nanostores/react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PlusIcon } from '../../../components/ui/more-icons';
import { sitesMessages } from '../../../components/site/site-messages';

interface EmptySitesProps {
  /** `none`: the account (or unit) has no sites; `noMatch`: the filters leave none. */
  kind: 'none' | 'noMatch';
  unit: string | undefined;
  onAdd: () => void;
  onClear: () => void;
}

export function EmptySites({ kind, unit, onAdd, onClear }: EmptySitesProps) {
  const t = useStore(sitesMessages);
  return (
    <Card className="px-6 py-10 text-center">
      <h2 className="text-lg font-semibold text-foreground">
        {kind === 'noMatch' ? t.noMatchTitle : unit ? t.unitEmpty({ unit }) : t.emptyTitle}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted-foreground">
        {kind === 'noMatch' ? t.noMatchText : t.emptyText}
      </p>
      <div className="mt-5 flex justify-center">
        {kind === 'noMatch' ? (
          <Button variant="secondary" onClick={onClear}>
            {t.clearFilters}
          </Button>
        ) : (
          <Button onClick={onAdd}>
            <PlusIcon />
            {t.emptyAddSites}
          </Button>
        )}
      </div>
    </Card>
  );
}
