/**
 * The toasts on screen, and the imperative `toast()` that mutations call
 * (no React needed); <Toaster> in the signed-in shell shows them (Radix Toast).
 */
import { atom } from 'nanostores';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastInput {
  title: string;
  description?: string;
  tone?: ToastTone;
  /** One action the toast offers (Undo); the toast closes when it is used. */
  action?: { label: string; onAction: () => void };
}

export interface Toast extends ToastInput {
  id: number;
  tone: ToastTone;
}

/** More at once is noise: the oldest gives way. */
const MAX_TOASTS = 4;

export const toasts = atom<readonly Toast[]>([]);
let lastId = 0;

/** Shows a toast; returns its id (for dismissToast). */
export function toast(input: ToastInput): number {
  const item: Toast = { ...input, tone: input.tone ?? 'info', id: ++lastId };
  toasts.set([...toasts.get(), item].slice(-MAX_TOASTS));
  return item.id;
}

export function dismissToast(id: number): void {
  toasts.set(toasts.get().filter((t) => t.id !== id));
}
