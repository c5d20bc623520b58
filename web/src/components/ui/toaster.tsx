import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { dismissToast, showPendingToast, useToasts } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';

// Spec part 1 §9: 5,000 ms on screen, swipe right 50 px to dismiss, F8 focuses the viewport,
// which is at most 420 px wide on medium screens and up.
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  useEffect(showPendingToast, []);

  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          data-testid="toast"
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg transition-all data-[state=open]:animate-[toast-in_200ms_ease-out] data-[state=closed]:animate-[fade-out_150ms_ease-in] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:animate-[swipe-out_150ms_ease-out]',
            variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-background text-foreground',
          )}
        >
          <div className="grid gap-1">
            {title !== undefined && <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>}
            {description !== undefined && (
              <ToastPrimitive.Description className="text-sm opacity-90">{description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={t('common.close')}
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 transition hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer"
          >
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
