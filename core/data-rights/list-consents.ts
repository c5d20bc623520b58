/**
 * ListConsents: the member's consents (credit scoring, biometrics, marketing messages), each with
 * its status, the date it was given or withdrawn and the version of the text given to.
 *
 * Guarantees
 * - Every kind of CONSENT_KINDS is answered, in that order: a kind never given is `not_given`.
 * - Marketing messages: Ikimina sends none today (docs/modules/data-rights.md), so none is
 *   asked and the kind reads `not_given` until a product surface asks it.
 */
import { CONSENT_KINDS, type ConsentLedger, type ConsentRecord } from './ports.ts';

export class ListConsents {
  constructor(private readonly deps: { ledger: ConsentLedger }) {}

  async execute(input: { memberId: string }): Promise<ConsentRecord[]> {
    const records = await this.deps.ledger.recordsOf(input.memberId);
    return CONSENT_KINDS.map((kind): ConsentRecord => records.find((r) => r.kind === kind) ?? { kind, status: 'not_given', textVersion: null, givenAt: null, withdrawnAt: null });
  }
}
