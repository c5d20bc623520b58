/** A merchant onboarded by an active agent, paid by customers, for settlement and commission tests. */
import { aMerchant, anAgent, merchantsWorld } from '../merchants/merchants.fixtures.ts';
import { RequestMerchantPayment } from '../merchants/request-merchant-payment.ts';
import { SettleMerchantPaymentReport } from '../merchants/settle-merchant-payment-report.ts';
import { Money } from '../money/money.ts';

type World = ReturnType<typeof merchantsWorld>;

export async function payMerchant(w: World, francs: number): Promise<void> {
  const requested = await new RequestMerchantPayment(w).execute({ merchantId: 'm1', amount: Money.ofFrancs(francs), provider: 'mtn', customerPhoneNumber: '+250788111111' });
  if (!requested.ok) throw new Error(requested.error);
  const amount = Money.ofFrancs(francs);
  const { transactionReference: reference } = requested.value;
  await new SettleMerchantPaymentReport(w).execute({ reference, status: 'successful', amount, currency: 'RWF', providerTransactionId: undefined, reason: undefined });
}

/** Payments completed on Wednesday 18 November 2026 (the week of Monday 16 November). */
export async function weekOfPayments(grossFrancs: readonly number[]): Promise<World> {
  const w = merchantsWorld('2026-11-18T10:00:00Z');
  await w.merchants.save(aMerchant({ onboardedByAgentId: 'a1' }));
  await w.agents.save(anAgent());
  for (const francs of grossFrancs) await payMerchant(w, francs);
  return w;
}
