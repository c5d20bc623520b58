/** A merchant onboarded by an active agent, paid by customers, for settlement and commission tests. */
import { ConfirmMerchantPayment } from '../merchants/confirm-merchant-payment.ts';
import { aMerchant, anAgent, merchantsWorld } from '../merchants/merchants.fixtures.ts';
import { RequestMerchantPayment } from '../merchants/request-merchant-payment.ts';
import { Money } from '../money/money.ts';

type World = ReturnType<typeof merchantsWorld>;

export async function payMerchant(w: World, francs: number): Promise<void> {
  const requested = await new RequestMerchantPayment(w).execute({ merchantId: 'm1', amount: Money.ofFrancs(francs), provider: 'mtn', customerPhoneNumber: '+250788111111' });
  if (!requested.ok) throw new Error(requested.error);
  await new ConfirmMerchantPayment(w).execute({ transactionReference: requested.value.transactionReference, outcome: 'completed' });
}

/** Payments completed on Wednesday 18 November 2026 (the week of Monday 16 November). */
export async function weekOfPayments(grossFrancs: readonly number[]): Promise<World> {
  const w = merchantsWorld('2026-11-18T10:00:00Z');
  await w.merchants.save(aMerchant({ onboardedByAgentId: 'a1' }));
  await w.agents.save(anAgent());
  for (const francs of grossFrancs) await payMerchant(w, francs);
  return w;
}
