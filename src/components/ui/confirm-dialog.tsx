import { useStore } from '@nanostores/react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { commonMessages } from '../../i18n/common-messages';
import { cn } from '../../lib/cn';
import { Button, buttonVariants } from './button';
import { DialogFooter, dialogPanelClass, overlayClass, useOpenedPanel } from './dialog';
import { Spinner } from './spinner';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, naming the thing: "Delete example.com?" */
  title: string;
  /** What will happen, and what cannot be undone. */
  description: ReactNode;
  /** The action, as a verb and its object: "Delete site", never "OK". */
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for what destroys or cannot be undone. */
  tone?: 'danger' | 'primary';
  /**
   * Runs the action. A promise keeps the dialog open with progress until it
   * settles: fulfilled closes it, rejected leaves it open (the caller shows why,
   * in `children` for instance).
   */
  onConfirm: () => unknown;
  /** More: an option ("also delete its sites"), an error from a failed try. */
  children?: ReactNode;
}

/** The confirmation's panel, mounted when it opens; placed and giving focus back as a dialog does (./dialog.tsx). */
function ConfirmPanel({ style, onCloseAutoFocus, ...props }: ComponentProps<typeof AlertDialog.Content>) {
  return <AlertDialog.Content {...props} {...useOpenedPanel({ style, onCloseAutoFocus })} />;
}

/**
 * A confirmation (Radix AlertDialog, role="alertdialog"): it names what will
 * happen and opens on the safe choice (Cancel has the focus), so Enter or a
 * stray tap never destroys anything. Clicking outside does not dismiss it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const common = useStore(commonMessages);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // Stays open: the caller says what went wrong.
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <ConfirmPanel className={cn(dialogPanelClass, 'max-w-md')}>
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-foreground">{description}</AlertDialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <DialogFooter>
            {/* Radix focuses Cancel when the dialog opens: the safe choice. */}
            <AlertDialog.Cancel className={buttonVariants({ variant: 'secondary' })} disabled={pending}>
              {cancelLabel ?? common.cancel}
            </AlertDialog.Cancel>
            <Button variant={tone} disabled={pending} onClick={() => void confirm()}>
              {pending ? <Spinner /> : null}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </ConfirmPanel>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
