import { useStore } from '@nanostores/react';
import { Alert } from '../../../components/ui/alert';
import { useAgencyRecord } from '../../../data/agency';
import { usePageTitle } from '../../../lib/use-page-title';
import { agencyMessages } from '../messages';
import { AgencyForm } from './agency-form';

/** /agency: the agency profile (docs/partner-api.md#agency-record, docs/partner-api.md#agency-methods). */
export function AgencyPage() {
  const t = useStore(agencyMessages);
  usePageTitle(t.pageTitle);
  const { data: agency } = useAgencyRecord();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t.pageTitle}</h1>
      <p className="mt-2 text-muted-foreground">{t.intro}</p>
      {agency === null ? (
        <Alert tone="info" className="mt-4">
          {t.noAgency}
        </Alert>
      ) : null}
      <div className="mt-6">
        <AgencyForm initial={agency} />
      </div>
    </div>
  );
}
