import { useStore } from '@nanostores/react';
import { PlanUsage } from '../../../components/site/plan-usage';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FirewallChart } from '../../../components/charts/firewall-chart';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { buttonVariants } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { LoadingStatus, Spinner } from '../../../components/ui/spinner';
import { format } from '../../../i18n/format';
import { useApi } from '../../../lib/api-context';
import { useKeepPlace } from '../../../lib/use-keep-place';
import { usePageTitle } from '../../../lib/use-page-title';
import { overviewMessages } from '../messages';
import { fleetQueryOptions } from '../fleet-query';
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

/** `/`: the fleet at a glance: counters, what needs attention, coverage and the firewall's 30 days. */
export function OverviewPage({ title }: OverviewPageProps) {
  const t = useStore(overviewMessages);
  const f = useStore(format);
  usePageTitle(title);
  const query = useQuery(fleetQueryOptions(useApi()));
  // A refetch that changes the list above the chart does not move a reader who has scrolled to the chart.
  const aboveChart = useKeepPlace<HTMLDivElement>();
  const summary = query.data?.summary ?? null;
  const traffic = query.data?.traffic ?? null;

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
        <p className="mt-2 text-muted-foreground">{t.intro}</p>
        <PlanUsage used={summary?.counts.sites} className="mt-1" />
      </div>
      <p className="flex h-5 items-center gap-1.5 text-xs text-muted-foreground">
        {query.isFetching && summary ? <Spinner className="size-3" /> : null}
        {query.isFetching && summary
          ? t.updating
          : summary
            ? t.updatedAt({ time: f.date(new Date(summary.now * 1000), { hour: '2-digit', minute: '2-digit' }) })
            : null}
      </p>
    </div>
  );

  if (query.isError && !summary) {
    return (
      <div className="mx-auto max-w-6xl">
        {header}
        <div className="mt-6">
          <ErrorPanel error={query.error} onRetry={() => query.refetch()} />
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
        {query.isError ? <ApiErrorAlert error={query.error} /> : null}
        <div ref={aboveChart} className="space-y-6 [overflow-anchor:none]">
          <FleetCounters counts={summary?.counts ?? null} />
          {summary ? (
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
        {summary ? (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            {traffic === null ? (
              <Card className="flex min-h-[34rem] items-center justify-center p-4 lg:col-span-2">
                {query.isFetching ? (
                  <LoadingStatus>{t.trafficLoading}</LoadingStatus>
                ) : (
                  <p className="text-sm text-muted-foreground">{t.trafficFailed}</p>
                )}
              </Card>
            ) : (
              <FirewallChart
                days={traffic.days}
                subject={t.allSites}
                title={t.trafficTitle}
                className="min-w-0 lg:col-span-2"
              />
            )}
            <Section title={t.topAttackedTitle} intro={t.topAttackedIntro}>
              {traffic === null ? (
                <div className="h-48 animate-pulse rounded bg-accent motion-reduce:animate-none" aria-hidden="true" />
              ) : (
                <TopAttacked traffic={traffic} />
              )}
            </Section>
          </div>
        ) : null}
      </div>
    </div>
  );
}
