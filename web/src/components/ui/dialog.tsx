import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;

export function DialogContent({
  className,
  children,
  closeLabel,
  onCloseAutoFocus,
  maxWidth = 'max-w-md',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel: string; maxWidth?: 'max-w-md' | 'max-w-lg' }) {
  // The app's dialogs open from state, not from a radix DialogTrigger, so radix has nothing to give
  // focus back to when they close and a keyboard user is left at the top of the page (WCAG 2.4.3).
  // The control that had focus when the dialog opened gets it back; for an item of a menu (gone
  // with its menu by then), the menu's own button.
  const [opener] = useState(() => openerOf(document.activeElement));
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm data-[state=open]:animate-[fade-in_150ms_ease-out]" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-border bg-background p-6 shadow-2xl data-[state=open]:animate-[dialog-in_180ms_ease-out]',
          maxWidth,
          className,
        )}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented || !opener?.isConnected) return;
          event.preventDefault();
          opener.focus();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute right-3 top-3 flex size-9 items-center justify-center rounded-md text-muted-foreground max-sm:right-2 max-sm:top-2 max-sm:size-11 transition hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer"
          aria-label={closeLabel}
          data-testid="button-close-dialog"
        >
          <X className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

function openerOf(focused: Element | null): HTMLElement | null {
  const menu = focused?.closest('[role="menu"][aria-labelledby]');
  const opener = menu ? document.getElementById(menu.getAttribute('aria-labelledby') ?? '') : focused;
  return opener instanceof HTMLElement ? opener : null;
}
