/**
 * ContributionPayments: the web's "Pay" requests, started together when they arrive together.
 * Each request is PayContribution's two steps: its attempt stored (`startAll`, shared through a
 * GroupCommit by the requests of the same moment: one transaction, one lock statement, one write),
 * then, once that committed, the provider asked for it (`askProvider`), as PayContribution.execute
 * does for one request alone.
 *
 * Guarantees
 * - The rules are PayContribution's (one attempt per key, the attempt stored before the provider
 *   is asked, the whole-franc check); batching only shares the unit of work.
 * - Each caller gets its own request's answer, after its attempt was committed.
 */
import type { PaidContribution, PayContribution, PayContributionError, PayContributionInput, StartedPayment } from '../../core/contributions/pay-contribution.ts';
import type { Result } from '../../core/shared/result.ts';
import { GroupCommit } from './group-commit.ts';

/** As for confirmations: small batches, two at a time, the pool's other connections left free. */
const BATCHING = { maxBatch: 64, maxConcurrent: 2 } as const;

export class ContributionPayments {
  private readonly starts: GroupCommit<PayContributionInput, Result<StartedPayment, PayContributionError>>;

  constructor(private readonly payContribution: PayContribution) {
    this.starts = new GroupCommit((inputs) => payContribution.startAll(inputs), BATCHING);
  }

  async pay(input: PayContributionInput): Promise<PaidContribution> {
    const started = await this.starts.submit(input);
    return started.ok ? this.payContribution.askProvider(started.value) : started;
  }
}
