import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { commonMessages } from '../../i18n/common-messages';
import { componentMessages } from '../../i18n/component-messages';
import { useErrorText } from '../../i18n/error-text';
import { format } from '../../i18n/format';
import { Button } from './button';
import { Card } from './card';
import { Spinner } from './spinner';

interface ErrorPanelProps {
  error: unknown;
  /**
   * Try again. While the returned promise runs the button shows progress; when
   * it rejects, the panel stays and says the retry failed too.
   */
  onRetry?: () => unknown;
  /** More ways out (a link home, sign out). */
  children?: React.ReactNode;
}

/**
 * A whole-page error: what happened in the user's terms, what to do next, and
 * a Retry. When the service is down this is the "service unavailable" state;
 * never a blank page. Focus moves to the heading so it is read at once; a
 * retry that fails again says so, so the button never seems dead.
 */
export function ErrorPanel({ error, onRetry, children }: ErrorPanelProps) {
  const common = useStore(commonMessages);
  const t = useStore(componentMessages);
  const f = useStore(format);
  const description = useErrorText(error);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [retrying, setRetrying] = useState(false);
  const [lastTry, setLastTry] = useState<Date | null>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const retry = async () => {
    if (!onRetry) return;
    setRetrying(true);
    try {
      await onRetry();
    } catch {
      setLastTry(new Date());
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Card className="mx-auto max-w-lg p-6" role="alert">
      <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-foreground">
        {description.headline}
      </h1>
      <p className="mt-2 text-foreground">{description.message}</p>
      <p className="mt-1 text-muted-foreground">{description.next}</p>
      {description.code !== undefined ? (
        <p className="mt-1 text-sm text-muted-foreground">{t.errorCode({ code: description.code })}</p>
      ) : null}
      <p role="status" className="mt-1 text-sm text-muted-foreground">
        {lastTry && !retrying ? t.triedAgain({ time: f.timeOfDay(lastTry) }) : ''}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {onRetry ? (
          <Button onClick={() => void retry()} disabled={retrying}>
            {retrying ? (
              <>
                <Spinner /> {common.retrying}
              </>
            ) : (
              common.retry
            )}
          </Button>
        ) : null}
        {children}
      </div>
    </Card>
  );
}
