import { useStore } from '@nanostores/react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { componentMessages } from '../../i18n/component-messages';
import { cn } from '../../lib/cn';
import { buttonVariants } from './button';
import { XIcon } from './icons';

/**
 * A modal dialog (Radix): focus moves in and is trapped, Escape and the close
 * button close it, focus returns to what opened it, the page behind is inert
 * and does not scroll (src/lib/remove-scroll.tsx). Open it from a
 * `DialogTrigger` or control it with `open`/`onOpenChange`.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export const overlayClass = 'fixed inset-0 z-40 bg-slate-950/60';
export const dialogPanelClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-surface p-5 text-foreground shadow-xl focus:outline-none sm:p-6';

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

type DialogContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> & {
  /** Names the dialog (its accessible name). */
  title: ReactNode;
  /** Says what it is for (its accessible description). */
  description?: ReactNode;
  width?: keyof typeof WIDTHS;
};

export function DialogContent({ title, description, width = 'md', className, children, ...props }: DialogContentProps) {
  const t = useStore(componentMessages);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClass} />
      <DialogPrimitive.Content
        // Without a description, say so: Radix then has nothing to point aria-describedby at.
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(dialogPanelClass, WIDTHS[width], className)}
        {...props}
      >
        <DialogPrimitive.Title className="pr-8 text-lg font-semibold">{title}</DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
            {description}
          </DialogPrimitive.Description>
        ) : null}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close
          aria-label={t.dialogClose}
          className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'absolute top-2 right-2 size-9')}
        >
          <XIcon />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The row of actions at the bottom of a dialog: the main one last (right), stacked on narrow screens. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)} {...props} />;
}
