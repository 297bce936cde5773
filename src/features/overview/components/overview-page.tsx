import { useStore } from '@nanostores/react';
import { PlanUsage } from '../../../components/site/plan-usage';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FirewallChart } from '../../../components/charts/firewall-chart';
import { FleetFreshnessLine, FleetRefreshError } from '../../../components/fleet/fleet-freshness';
import { refreshErrorOf } from '../../../components/fleet/refresh-error';
import { buttonVariants } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/spinner';
import { useWorkspaceClient } from '../../../data/workspace-client';
import { useKeepPlace } from '../../../lib/use-keep-place';
import { useShownAfterFirst } from '../../../lib/use-shown-after-first';
import { usePageTitle } from '../../../lib/use-page-title';
import { overviewMessages } from '../messages';
import { firstReadFailed } from '../../../data/fleet-reading';
import { fleetQueryOptions, useRefreshOverview } from '../fleet-query';
import { AttentionList } from './attention-list';
import { CoveragePanel } from './coverage-panel';
import { FleetCounters } from './fleet-counters';
import { TopAttacked } from './traffic-panel';

interface OverviewPageProps {
  title: string;
}

function Section({
  title,
  intro,
  children,
  className,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <section aria-label={title} className="p-4 sm:p-5">
        <h2 className="text-base font-semibold text-foreground">{title}</h2>
        {intro ? <p className="mt-1 text-sm text-muted-foreground">{intro}</p> : null}
        <div className="mt-4">{children}</div>
      </section>
    </Card>
  );
}

/** The dashboard's server did not answer (its workspace is unavailable): say so, and Try again. */
function Unavailable({ onRetry }: { onRetry: () => unknown }) {
  const t = useStore(overviewMessages);
  return (
    <Alert tone="error">
      <p className="font-semibold">{t.unavailableTitle}</p>
      <p className="mt-1">{t.unavailableMessage}</p>
      <p className="mt-1">{t.unavailableNext}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={() => void onRetry()}>
        {t.retry}
      </Button>
    </Alert>
  );
}

/**
 * `/`: the fleet at a glance: counters, what needs attention, coverage and the
 * firewall's 30 days, as the server last read the fleet (with its time, and a
 * refresh); while it reads the fleet for the first time, a loading state.
 */
export function OverviewPage({ title }: OverviewPageProps) {
  const t = useStore(overviewMessages);
  usePageTitle(title);
  const query = useQuery(fleetQueryOptions(useWorkspaceClient()));
  const refresh = useRefreshOverview();
  // A refetch that changes the list above the chart does not move a reader who has scrolled to the chart.
  const aboveChart = useKeepPlace<HTMLDivElement>();
  const data = query.data;
  // Figures once the server has read the fleet at least once (before, its zeros mean "not known yet").
  const summary = data && data.asOf !== null ? data : null;
  // What is under the counters (the attention list, coverage, the chart, the most attacked sites): just after them.
  const rest = useShownAfterFirst(summary !== null);

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
        <p className="mt-2 text-muted-foreground">{t.intro}</p>
        <PlanUsage used={summary?.counts.sites} className="mt-1" />
      </div>
      {data ? <FleetFreshnessLine freshness={data} onRefresh={refresh} /> : null}
    </div>
  );

  if (query.isError && !data) {
    return (
      <div className="mx-auto max-w-6xl">
        {header}
        <div className="mt-6">
          <Unavailable onRetry={() => query.refetch()} />
        </div>
      </div>
    );
  }

  if (data && firstReadFailed(data)) {
    const error = refreshErrorOf(data.refreshError ?? '');
    return (
      <div className="mx-auto max-w-6xl">
        {header}
        <div className="mt-6">
          {error ? (
            <ErrorPanel error={error} onRetry={refresh} />
          ) : (
            <FleetRefreshError freshness={data} onRetry={refresh} />
          )}
        </div>
      </div>
    );
  }

  if (summary && summary.counts.sites === 0) {
    return (
      <div className="mx-auto max-w-6xl">
        {header}
        <Card className="mt-6 p-5">
          <h2 className="text-base font-semibold text-foreground">{t.emptyTitle}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t.emptyText}</p>
          <Link to="/sites" className={buttonVariants({ className: 'mt-4' })}>
            {t.emptyLink}
          </Link>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl">
      {header}
      <div className="mt-6 space-y-6" aria-busy={summary === null}>
        {summary === null ? <LoadingStatus>{t.loading}</LoadingStatus> : null}
        {query.isError ? <Unavailable onRetry={() => query.refetch()} /> : null}
        {summary ? <FleetRefreshError freshness={summary} onRetry={refresh} /> : null}
        <div ref={aboveChart} className="space-y-6 [overflow-anchor:none]">
          <FleetCounters counts={summary?.counts ?? null} />
          {summary && rest ? (
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              <Section title={t.attentionTitle} intro={t.attentionIntro} className="lg:col-span-2">
                <AttentionList sites={summary.attention} total={summary.attentionTotal} now={summary.now} />
              </Section>
              <Section title={t.coverageTitle} intro={t.coverageIntro} className="lg:self-start">
                <CoveragePanel counts={summary.counts} />
              </Section>
            </div>
          ) : null}
        </div>
        {summary && rest ? (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <FirewallChart
              days={summary.days}
              subject={t.allSites}
              title={t.trafficTitle}
              className="min-w-0 lg:col-span-2"
            />
            <Section title={t.topAttackedTitle} intro={t.topAttackedIntro}>
              <TopAttacked sites={summary.topAttacked} />
            </Section>
          </div>
        ) : null}
      </div>
    </div>
  );
}
