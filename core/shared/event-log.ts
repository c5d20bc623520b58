/**
 * EventLog: where a use case leaves what an operator must see (a refusal, a dispute, a postponed
 * payout) without changing its answer. The adapter is the app's structured logger (pino), whose
 * `warn`/`error` take the same arguments.
 */
export interface EventLog {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}
