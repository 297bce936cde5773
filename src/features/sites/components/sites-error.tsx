import { useStore } from '@nanostores/react';
import { isMethodError } from '../../../api/error-catalogue';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useErrorText } from '../../../i18n/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { sitesToolbarMessages } from '../toolbar-messages';

/** The unit in the URL is not a unit of the account (sites_list 142900): say so, and offer every site. */
export function UnknownUnit({ error, unit, onShowAll }: { error: unknown; unit: string; onShowAll: () => void }) {
  const t = useStore(sitesToolbarMessages);
  const text = useErrorText(error);
  usePageTitle(text.title);
  return (
    <Card className="mx-auto max-w-lg p-6" role="alert">
      <h1 className="text-xl font-semibold text-foreground">{text.title}</h1>
      <p className="mt-2 break-words text-foreground">
        {unit}: {text.message}
      </p>
      <p className="mt-1 text-muted-foreground">{text.next}</p>
      <Button className="mt-4" onClick={onShowAll}>
        {t.showAll}
      </Button>
    </Card>
  );
}

export function isUnknownUnit(error: unknown): boolean {
  return isMethodError(error, 'sites_list', 'unitNotFound');
}
