/**
 * The Activity page (/activity): the team's log of changes made through this
 * dashboard (docs/workspace.md), filtered by who, what, when, site and
 * customer (the URL is the state), a page at a time ("Load more" by cursor),
 * exported as CSV with the same filters.
 */
import { useStore } from '@nanostores/react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingStatus, Spinner } from '../../../components/ui/spinner';
import { useActivity, useActivityKeys } from '../../../data/activity';
import { CSV_TYPE, downloadText } from '../../../lib/download-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useWorkspaceClient as useWorkspace } from '../../../data/workspace-client';
import { activityMessages } from '../messages';
import { filterOf } from '../filter';
import type { ActivitySearch } from '../search';
import { ActivityFilters } from './activity-filters';
import { ActivityError, useActivityErrorText } from './activity-states';
import { ActivityTable } from './activity-table';

export function ActivityPage({
  search,
  onSearch,
}: {
  search: ActivitySearch;
  onSearch: (next: Partial<ActivitySearch>) => void;
}) {
  const t = useStore(activityMessages);
  usePageTitle(t.title);
  const workspace = useWorkspace();
  // A period counts back from when the page was opened, so the query stays one while it is read.
  const [openedAt] = useState(() => Date.now());
  const filter = useMemo(() => filterOf(search, openedAt), [search, openedAt]);
  const keys = useActivityKeys();
  const log = useActivity(filter);
  const entries = useMemo(() => log.data?.pages.flatMap((p) => p.entries) ?? [], [log.data]);
  const exporting = useMutation({
    mutationFn: async () => {
      const csv = await workspace.activityCsv(filter);
      const day = new Date().toISOString().slice(0, 10);
      downloadText(`activity-${day}.csv`, csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`, CSV_TYPE);
    },
  });
  const exportError = useActivityErrorText(exporting.error);
  const filtered = Object.keys(filter).length > 0;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t.title}</h1>
          <p className="mt-1 text-muted-foreground">{t.intro}</p>
        </div>
        <Button variant="secondary" disabled={exporting.isPending} onClick={() => exporting.mutate()}>
          {exporting.isPending ? <Spinner /> : null}
          {exporting.isPending ? t.exporting : t.exportCsv}
        </Button>
      </div>
      {exporting.isError ? (
        <Alert tone="error">
          <p className="font-semibold">{t.exportFailed}</p>
          <p className="mt-1">{exportError}</p>
        </Alert>
      ) : null}
      <Card className="p-4">
        <ActivityFilters search={search} keys={keys.data ?? []} onChange={onSearch} />
      </Card>
      {log.isPending ? (
        <LoadingStatus>{t.loading}</LoadingStatus>
      ) : log.isError && entries.length === 0 ? (
        <ActivityError error={log.error} retrying={log.isFetching} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <Card className="p-6 text-sm text-muted-foreground">
          <p role="status">{filtered ? t.emptyFiltered : t.empty}</p>
        </Card>
      ) : (
        <div className="space-y-3">
          <Card className="overflow-hidden max-md:border-0 max-md:bg-transparent max-md:shadow-none">
            <ActivityTable entries={entries} keys={keys.data ?? []} />
          </Card>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-muted-foreground" role="status">
              {t.shown(entries.length)}
              {log.hasNextPage ? null : ` · ${t.noMore}`}
            </p>
            {log.hasNextPage ? (
              <Button variant="secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                {log.isFetchingNextPage ? <Spinner /> : null}
                {log.isFetchingNextPage ? t.loadingMore : t.loadMore}
              </Button>
            ) : null}
          </div>
          {log.isFetchNextPageError ? (
            <ActivityError error={log.error} retrying={log.isFetching} onRetry={() => void log.fetchNextPage()} />
          ) : null}
        </div>
      )}
    </div>
  );
}
