import { Smartphone } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { deferredComponent } from '../../../lib/deferred-component.ts';

// The dialog, its form and the payment calls: fetched when the pointer or focus reaches Pay, shown
// when it is pressed (docs/web-performance.md).
const { Component: PayContributionDialog, preload: preloadPayDialog } = deferredComponent(() =>
  import('./pay-contribution-dialog.tsx').then((module) => ({ default: module.PayContributionDialog })),
);

export interface PayContributionButtonProps {
  contributionId: string;
  amount: string;
  tontineName?: string | null | undefined;
  /** The member's own number, offered first; they may pay from another. */
  defaultPhone: string | null | undefined;
  size?: 'sm' | 'default';
}

/**
 * Pay a due contribution by mobile money: confirm the number, send the request once per click
 * (Idempotency-Key), then wait for the member to approve on their phone, polling every 2 s.
 *
 * Survives reloads and lost connections: opening it asks the server for the contribution's latest
 * payment (GET /api/contributions/{id}/payment), so a payment in flight shows as "approve on your
 * phone" (then Paid, or failed with the reason), and one already waiting answers a second press
 * with that same payment, never an error. A request lost on the network is sent again with the
 * same Idempotency-Key (request-attempt.ts) when the browser is back online, or after 3 s.
 */
export function PayContributionButton({ contributionId, amount, tontineName, defaultPhone, size = 'sm' }: PayContributionButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so closing keeps its exit animation and a reopen is instant.
  const [pressed, setPressed] = useState(false);
  return (
    <>
      <Button
        size={size}
        onClick={() => {
          setPressed(true);
          setOpen(true);
        }}
        onPointerEnter={preloadPayDialog}
        onFocus={preloadPayDialog}
        data-testid={`button-pay-${contributionId}`}
      >
        <Smartphone />
        {t('payments.pay')}
      </Button>
      {pressed && (
        <Suspense fallback={null}>
          <PayContributionDialog
            open={open}
            onOpenChange={setOpen}
            contributionId={contributionId}
            amount={amount}
            tontineName={tontineName}
            defaultPhone={defaultPhone}
          />
        </Suspense>
      )}
    </>
  );
}
