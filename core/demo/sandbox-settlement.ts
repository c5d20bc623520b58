/**
 * The steps every demo seed shares: the sandbox's payments approved and settled through the path a
 * provider's callback takes, and a refused step turned into an error that names it.
 *
 * Guarantees
 * - `settleAtProvider` makes final what the sandbox holds as pending (the demo's people approve
 *   their payments, as each would with their PIN) and settles each answer through ReconcilePayment
 *   (the provider is asked, its answer settled once), again until nothing is pending: settling may
 *   start new transfers (a payout a last contribution completes). A payment that ends otherwise
 *   than applied (or already applied) throws.
 * - `expectOk` throws on a refusal: the rules changed under the demo.
 */
import type { ReconcilePayment } from '../payment-reports/reconcile-payment.ts';
import type { Result } from '../shared/result.ts';
import type { SandboxApprovals } from './ports.ts';

export interface ProviderSettlement {
  sandbox: SandboxApprovals;
  /** The path every provider callback takes: the provider asked, its answer settled once. */
  reconcilePayment: Pick<ReconcilePayment, 'execute'>;
}

/** Answers how many payments were settled. */
export async function settleAtProvider(deps: ProviderSettlement, seed: string): Promise<number> {
  let count = 0;
  for (;;) {
    const approved = await deps.sandbox.approvePending();
    if (approved.length === 0) return count;
    for (const payment of approved) {
      const settled = expectOk(await deps.reconcilePayment.execute(payment), seed, `settle ${payment.reference}`);
      if (settled.outcome !== 'applied' && settled.outcome !== 'exists') throw new Error(`${seed}: ${payment.reference} was ${settled.outcome}`);
      count += 1;
    }
  }
}

export function expectOk<T>(result: Result<T, string>, seed: string, step: string): T {
  if (!result.ok) throw new Error(`${seed}: ${step} was refused (${result.error})`);
  return result.value;
}
