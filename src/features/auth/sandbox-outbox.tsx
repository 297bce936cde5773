import { useStore } from '@nanostores/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { Button } from '../../components/ui/button';
import { format } from '../../i18n/format';
import { Rich } from '../../i18n/rich';
import { authMessages } from './messages';

/** One mail of the sandbox outbox (GET /sandbox/outbox?to=<email>). */
const outboxMailSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  otp: z.nullish(z.string()),
  /** UNIX seconds. */
  sentAt: z.number(),
});
const outboxSchema = z.array(outboxMailSchema);
type OutboxMail = z.infer<typeof outboxMailSchema>;

/**
 * The outbox exists only on the embedded sandbox. Anything else (404, the SPA's
 * HTML fallback, a shape we do not know) means "not a sandbox": null, and the
 * panel stays hidden and stops polling.
 */
async function fetchOutbox(email: string, signal: AbortSignal): Promise<OutboxMail[] | null> {
  const res = await fetch(`/sandbox/outbox?to=${encodeURIComponent(email)}`, {
    signal,
    headers: { Accept: 'application/json' },
    credentials: 'omit',
  });
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) return null;
  const parsed = outboxSchema.safeParse(await res.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

const POLL_MS = 2000;

export function outboxQuery(email: string) {
  return queryOptions({
    queryKey: ['sandbox-outbox', email.toLowerCase()],
    queryFn: ({ signal }) => fetchOutbox(email, signal),
    refetchInterval: (query) => (query.state.data === null ? false : POLL_MS),
    retry: false,
    staleTime: 0,
  });
}

interface SandboxOutboxProps {
  email: string;
  /** UNIX seconds when the awaited code was made: older mails carry codes that no longer work. */
  issuedAt: number;
  /** The awaited code can no longer be used (expired, too many wrong tries). */
  usedUp: boolean;
  onUseCode: (code: string) => void;
}

/**
 * On the sandbox, the mails sent to this address, polled every 2 s while a
 * code is awaited, so a demo viewer sees the code without a mailbox. Only the
 * awaited code is offered: a code sent before it, or one used up, is not.
 */
export function SandboxOutbox({ email, issuedAt, usedUp, onUseCode }: SandboxOutboxProps) {
  const t = useStore(authMessages);
  const f = useStore(format);
  const { data } = useQuery(outboxQuery(email));
  if (!data) return null;
  // Newest first: a new code replaces the older ones, so only the latest is shown.
  const newest = data.find((mail) => mail.otp);
  const latest = newest && newest.sentAt >= issuedAt ? newest : undefined;
  return (
    <section
      aria-labelledby="outbox-title"
      className="mt-6 rounded-md border border-dashed border-input bg-surface-muted p-4"
    >
      <h2 id="outbox-title" className="text-sm font-semibold text-foreground">
        {t.outboxTitle}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        <Rich text={t.outboxIntro} values={{ email }} />
      </p>
      {latest?.otp ? (
        <div className="mt-3 rounded border border-border bg-surface p-3 text-sm">
          <p className="font-medium text-foreground">{latest.subject}</p>
          <p className="text-muted-foreground">
            <Rich
              text={t.outboxSent}
              values={{
                time: <time dateTime={new Date(latest.sentAt * 1000).toISOString()}>{f.unixTime(latest.sentAt)}</time>,
              }}
            />
          </p>
          {usedUp ? (
            <p className="mt-2 text-foreground">
              <del className="font-mono tracking-widest text-muted-foreground">{latest.otp}</del> {t.outboxUsedUp}
            </p>
          ) : (
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <span className="font-mono text-lg tracking-widest text-foreground">{latest.otp}</span>
              <Button variant="secondary" size="sm" onClick={() => onUseCode(latest.otp ?? '')}>
                {t.useCode({ code: latest.otp })}
              </Button>
            </div>
          )}
        </div>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">{t.outboxEmpty}</p>
      )}
    </section>
  );
}
