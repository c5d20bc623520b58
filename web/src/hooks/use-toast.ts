/**
 * The toast queue (spec part 1 §4, §9), in the shadcn shape.
 *
 * Guarantees:
 * - At most one toast is kept: a new one replaces the visible one.
 * - A dismissed toast is removed from the queue after 1,000,000 ms (it is already hidden; the
 *   long delay only keeps its exit animation and swipe state intact).
 * - A toast queued for after a reload (sign-in and sign-out reload the page) appears once on the
 *   next page load of the same tab, then is forgotten.
 */
import { useEffect, useState, type ReactNode } from 'react';

const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;
const PENDING_TOAST_KEY = 'ikimina_pending_toast';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
}

export interface ToastRecord extends ToastInput {
  id: string;
  open: boolean;
}

let counter = 0;
let toasts: ToastRecord[] = [];
const listeners = new Set<(state: ToastRecord[]) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastRecord[]): void {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  publish(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Only plain text survives a reload, so the queued toast carries strings. */
export function toastAfterReload(input: { title: string; description?: string; variant?: 'default' | 'destructive' }): void {
  sessionStorage.setItem(PENDING_TOAST_KEY, JSON.stringify(input));
}

/** Whether a toast is waiting to be shown (queued before a reload, or raised and still open). */
export function hasToastToShow(): boolean {
  return sessionStorage.getItem(PENDING_TOAST_KEY) !== null || toasts.some((t) => t.open);
}

export function showPendingToast(): void {
  const raw = sessionStorage.getItem(PENDING_TOAST_KEY);
  if (raw === null) return;
  sessionStorage.removeItem(PENDING_TOAST_KEY);
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && 'title' in parsed && typeof parsed.title === 'string') {
      toast(parsed as ToastInput);
    }
  } catch {
    // A damaged entry is simply dropped.
  }
}

export function useToasts(): ToastRecord[] {
  const [state, setState] = useState(toasts);
  useEffect(() => {
    listeners.add(setState);
    // A toast raised by an earlier effect in the same commit (before this subscription) still shows.
    setState(toasts);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return state;
}
