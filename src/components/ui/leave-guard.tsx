import { useBlocker } from '@tanstack/react-router';
import { ConfirmDialog } from './confirm-dialog';

interface LeaveGuardProps {
  /** Unsaved changes exist: leaving asks first, and a reload or closing the tab warns. */
  when: boolean;
  title: string;
  description: string;
  leaveLabel: string;
  stayLabel: string;
}

/**
 * Guards unsaved work (TanStack Router's useBlocker): navigation inside the
 * app asks first, in our own dialog that opens on "stay"; a reload, closing
 * the tab or leaving the site gets the browser's own warning (beforeunload).
 */
export function LeaveGuard({ when, title, description, leaveLabel, stayLabel }: LeaveGuardProps) {
  const blocker = useBlocker({
    shouldBlockFn: () => true,
    disabled: !when,
    enableBeforeUnload: when,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title={title}
      description={description}
      confirmLabel={leaveLabel}
      cancelLabel={stayLabel}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
