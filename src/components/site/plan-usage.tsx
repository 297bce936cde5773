import { useStore } from '@nanostores/react';
import { useUserInfo } from '../../data/user-info';
import { format } from '../../i18n/format';
import { cn } from '../../lib/cn';
import { tableMessages } from './table-messages';

/**
 * The plan's site limit from api_userinfo (docs/partner-api.md#api_userinfo): its fields are not
 * specified; `sitelimit` is read where the service gives one, else there is nothing to say.
 */
function siteLimitOf(info: unknown): number | null {
  if (typeof info !== 'object' || info === null || !('sitelimit' in info)) return null;
  const limit = Number(info.sitelimit);
  return Number.isInteger(limit) && limit > 0 ? limit : null;
}

/** "64 of 250 sites": how much of the plan the account uses, where the limit is known. */
export function PlanUsage({ used, className }: { used: number | null | undefined; className?: string }) {
  const t = useStore(tableMessages);
  const f = useStore(format);
  const info = useUserInfo({ enabled: true });
  const limit = siteLimitOf(info.data);
  if (limit === null || used === null || used === undefined) return null;
  const full = used >= limit;
  return (
    <p className={cn('text-sm', full ? 'font-medium text-warning-text' : 'text-muted-foreground', className)}>
      {t.planUsage({ used: f.integer(used), limit: f.integer(limit) })}
      {full ? ` ${t.planFull}` : ''}
    </p>
  );
}
