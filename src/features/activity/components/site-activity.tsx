/** A site's recent activity on its page: the last few changes, and the way to all of them. */
import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { Card } from '../../../components/ui/card';
import { LoadingStatus } from '../../../components/ui/spinner';
import { useActivityKeys, useSiteActivity } from '../../../data/activity';
import { activityMessages } from '../messages';
import { useActivityErrorText } from './activity-states';
import { ActivityTable } from './activity-table';

const RECENT = 5;

export function SiteActivity({ domain }: { domain: string }) {
  const t = useStore(activityMessages);
  const keys = useActivityKeys();
  const recent = useSiteActivity(domain, RECENT);
  const error = useActivityErrorText(recent.error);
  const entries = recent.data?.entries ?? [];
  return (
    <section aria-labelledby="site-activity-title">
      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="site-activity-title" className="text-lg font-semibold">
            {t.recentTitle}
          </h2>
          <Link to="/activity" search={{ site: domain }} className="text-sm text-link underline underline-offset-2">
            {t.recentAll}
          </Link>
        </div>
        {recent.isPending ? (
          <LoadingStatus>{t.loading}</LoadingStatus>
        ) : recent.isError && entries.length === 0 ? (
          <p className="text-sm text-danger-text">
            {t.recentError} {error}
          </p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.recentEmpty}</p>
        ) : (
          <ActivityTable entries={entries} keys={keys.data ?? []} compact />
        )}
      </Card>
    </section>
  );
}
