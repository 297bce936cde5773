import { useStore } from '@nanostores/react';
import { Alert } from '../../components/ui/alert';
import { format } from '../../i18n/format';
import { accountMessages } from './messages';

/**
 * Says that the signed-in account is a demo of the visitor's own ("Try the
 * demo", docs/sandbox.md) and when it resets: at that time it is removed with
 * its keys. Nothing for any other session.
 */
export function DemoBanner({ resetsAt }: { resetsAt: number | undefined }) {
  const t = useStore(accountMessages);
  const f = useStore(format);
  if (resetsAt === undefined) return null;
  const at = resetsAt * 1000;
  const sameDay = new Date(at).toDateString() === new Date().toDateString();
  const time = f.date(at, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Alert tone="info" role="note" data-testid="demo-banner" className="mx-auto mb-4 max-w-7xl">
      <strong className="font-semibold">{t.demoBannerTitle}.</strong> {t.demoBanner({ time })}
    </Alert>
  );
}
