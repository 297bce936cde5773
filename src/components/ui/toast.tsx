import { useStore } from '@nanostores/react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { componentMessages } from '../../i18n/component-messages';
import { cn } from '../../lib/cn';
import { FALLBACK_TOAST_BAND, useFallbackPlacement } from '../../lib/embed-viewport';
import { dismissToast, toasts, type ToastTone } from '../../lib/toast-store';
import { buttonVariants } from './button';
import { XIcon } from './icons';

const TONES: Record<ToastTone, string> = {
  info: 'border-info-border bg-info-surface text-info-text',
  success: 'border-success-border bg-success-surface text-success-text',
  error: 'border-danger-border bg-danger-surface text-danger-text',
};

/**
 * Shows what `toast()` (src/lib/toast-store.ts) queued: Radix Toast, in a
 * labelled region (F8 reaches it), announced politely (errors assertively),
 * paused while hovered or focused, dismissed with its button, Escape or a swipe.
 * Errors stay longer: they say what to do. At the bottom of the window; in a
 * hoster panel's frame, which is as tall as the page, at the bottom of the
 * band of the frame the panel shows (src/lib/embed-viewport.ts), or, where
 * the panel does not say, just below where the user was when the newest
 * toast came.
 */
export function Toaster() {
  const items = useStore(toasts);
  const t = useStore(componentMessages);
  const placement = useFallbackPlacement(FALLBACK_TOAST_BAND, items.at(-1)?.id);
  return (
    <ToastPrimitive.Provider swipeDirection="right" label={t.toastLabel}>
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          type={item.tone === 'error' ? 'foreground' : 'background'}
          duration={item.tone === 'error' ? 12_000 : 6_000}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn('relative rounded-md border py-3 pr-11 pl-4 text-sm shadow-lg', TONES[item.tone])}
        >
          <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
          {item.description ? (
            <ToastPrimitive.Description className="mt-1">{item.description}</ToastPrimitive.Description>
          ) : null}
          {item.action ? (
            <ToastPrimitive.Action altText={item.action.label} asChild>
              <button
                type="button"
                className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'mt-2')}
                onClick={item.action.onAction}
              >
                {item.action.label}
              </button>
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label={t.toastDismiss}
            className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'absolute top-1.5 right-1.5 size-8')}
          >
            <XIcon />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label={t.toastRegion}
        style={placement}
        className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none embed:top-[calc(var(--embed-view-top)+var(--embed-view-height))] embed:bottom-auto embed:-translate-y-full"
      />
    </ToastPrimitive.Provider>
  );
}
