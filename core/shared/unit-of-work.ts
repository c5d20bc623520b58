/**
 * UnitOfWork: one database transaction per use case.
 *
 * Guarantees
 * - Everything `work` writes through the repositories (the business change, its ledger entry and
 *   its outbox messages) commits together or not at all; a thrown error rolls it all back.
 */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
}
