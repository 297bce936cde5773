import { useStore } from '@nanostores/react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useState, type ComponentProps, type CSSProperties, type ReactNode } from 'react';
import { componentMessages } from '../../i18n/component-messages';
import { cn } from '../../lib/cn';
import { FALLBACK_DIALOG_BAND, useFallbackPlacement } from '../../lib/embed-viewport';
import { buttonVariants } from './button';
import { XIcon } from './icons';
import { focusHeading } from '../../lib/focus-heading';

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
/**
 * Centred in the window. In a hoster panel's frame, which is as tall as the
 * page, centred in the band of the frame the panel shows instead, and no
 * taller than it (src/lib/embed-viewport.ts).
 */
export const dialogPanelClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-surface p-5 text-foreground shadow-xl focus:outline-none embed:top-[calc(var(--embed-view-top)+var(--embed-view-height)/2)] embed:max-h-[calc(var(--embed-view-height)-2rem)] sm:p-6';

/**
 * The control to give the focus back to when a dialog closes: the one that
 * had it when the dialog opened or, for an item of a menu (the menu closes as
 * the dialog opens), the menu's button. Radix gives it back to a
 * `DialogTrigger` only, and our dialogs are opened by state.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === active.ownerDocument.body) return null;
  const menu = active.closest('[role="menu"]');
  if (menu !== null && menu.id !== '') {
    const button = active.ownerDocument.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (button instanceof HTMLElement) return button;
  }
  return active;
}

interface PanelProps {
  style?: CSSProperties | undefined;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}

/**
 * What a dialog's panel (Radix `Content`) adds, decided when it mounts (the
 * dialog opens), so call it in a component inside the dialog's Portal: its
 * place in a hoster panel's frame that does not report what it shows (around
 * the control that opened it, src/lib/embed-viewport.ts), and the focus given
 * back to that control when it closes (without scrolling anything), or to
 * the `DialogTrigger` as Radix does when that control is gone, else to the
 * page's heading (never the document's body).
 */
export function useOpenedPanel({ style, onCloseAutoFocus }: PanelProps): {
  style: CSSProperties | undefined;
  onCloseAutoFocus: (event: Event) => void;
} {
  const placement = useFallbackPlacement(FALLBACK_DIALOG_BAND);
  const [opener] = useState(() => openerOf(document.activeElement));
  return {
    style: placement ? { ...placement, ...style } : style,
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented || opener === null) return;
      if (opener.isConnected) {
        event.preventDefault();
        opener.focus({ preventScroll: true });
        return;
      }
      // The control gone with what the dialog did (a bulk bar once its selection is done), and no
      // DialogTrigger for Radix to focus: the page's heading, as after a navigation (app-shell.tsx),
      // not the document's body, where the keyboard would start again from the top.
      const doc = opener.ownerDocument;
      setTimeout(() => {
        if (doc.activeElement !== null && doc.activeElement !== doc.body) return;
        const main = doc.getElementById('main');
        if (!focusHeading(main, { preventScroll: true })) main?.focus({ preventScroll: true });
      }, 0);
    },
  };
}

/** The dialog's panel, mounted when it opens. */
function DialogPanel({ style, onCloseAutoFocus, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  return <DialogPrimitive.Content {...props} {...useOpenedPanel({ style, onCloseAutoFocus })} />;
}

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
      <DialogPanel
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
      </DialogPanel>
    </DialogPrimitive.Portal>
  );
}

/** The row of actions at the bottom of a dialog: the main one last (right), stacked on narrow screens. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)} {...props} />;
}
