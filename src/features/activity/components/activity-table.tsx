/**
 * The log as a table, newest first: time, who (the person's name, the
 * account e-mail and the key id), what (in words), site, customer and
 * result. Below `md` (a phone, a 360 px panel) each entry is a card with
 * each cell's column name before it, in the same table markup.
 */
import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import type { ActivityEntry, WorkspaceKey } from '../../../api/workspace';
import { Breakable } from '../../../components/ui/breakable';
import { useErrorMessages } from '../../../i18n/error-text';
import { format } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import { howItEnded, whatWasDone } from '../entry-words';
import { activityMessages } from '../messages';

const cell =
  'px-3 py-1 align-top md:py-2 max-md:grid max-md:grid-cols-[6.5rem_minmax(0,1fr)] max-md:gap-2 max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]';

export function ActivityTable({
  entries,
  keys,
  compact = false,
}: {
  entries: readonly ActivityEntry[];
  keys: readonly WorkspaceKey[];
  /** The site page's: no site column. */
  compact?: boolean;
}) {
  const t = useStore(activityMessages);
  const f = useStore(format);
  const errors = useErrorMessages();
  const names = new Map(keys.map((k) => [k.id, k.name]));
  return (
    <table aria-label={t.tableLabel} className="w-full border-collapse text-sm max-md:block">
      <thead className="max-md:sr-only">
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="px-3 py-2 font-medium">
            {t.colTime}
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            {t.colWho}
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            {t.colWhat}
          </th>
          {compact ? null : (
            <th scope="col" className="px-3 py-2 font-medium">
              {t.colSite}
            </th>
          )}
          <th scope="col" className="px-3 py-2 font-medium">
            {t.colCustomer}
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            {t.colResult}
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {entries.map((e) => {
          // The name as recorded; else the name given later for the same key (one person's sign-in), said so.
          const later = e.who.personName === null ? (names.get(e.who.keyId) ?? null) : null;
          const name = e.who.personName ?? later;
          const result = howItEnded(t, errors, e);
          return (
            <tr
              key={e.id}
              className="border-b border-border max-md:block max-md:rounded-md max-md:border max-md:bg-surface max-md:py-2"
            >
              <td data-label={t.colTime} className={cn(cell, 'text-muted-foreground md:whitespace-nowrap')}>
                <time dateTime={new Date(e.at).toISOString()}>
                  {f.date(e.at, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </td>
              <td data-label={t.colWho} className={cell}>
                <span className="block min-w-0">
                  <span
                    className={cn('block font-medium', name === null && 'font-normal text-muted-foreground italic')}
                  >
                    {name ?? t.noName}
                    {later === null ? null : <span className="font-normal text-muted-foreground"> {t.namedLater}</span>}
                  </span>
                  <span className="block break-words text-muted-foreground">
                    <Breakable text={e.who.userEmail} />
                  </span>
                  <span className="block font-mono text-xs text-muted-foreground">{t.keyId({ id: e.who.keyId })}</span>
                </span>
              </td>
              <td data-label={t.colWhat} className={cell}>
                {whatWasDone(t, e)}
              </td>
              {compact ? null : (
                <td data-label={t.colSite} className={cn(cell, 'break-words')}>
                  {e.site === null ? (
                    <span aria-hidden="true">–</span>
                  ) : (
                    <Link
                      to="/sites/$domain"
                      params={{ domain: e.site }}
                      className="text-link underline underline-offset-2"
                    >
                      <Breakable text={e.site} />
                    </Link>
                  )}
                </td>
              )}
              <td data-label={t.colCustomer} className={cn(cell, 'break-words')}>
                {e.unit === null ? <span aria-hidden="true">–</span> : <Breakable text={e.unit} />}
              </td>
              <td
                data-label={t.colResult}
                className={cn(cell, result.ok ? 'text-success-text' : 'font-medium text-danger-text')}
              >
                {result.text}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
