/**
 * Batching: the port through which requests of the same moment share their reads and one unit
 * of work (adapter: adapters/postgres/group-commit.ts).
 *
 * Guarantees (every adapter)
 * - Each submitted item is answered exactly once, with its own answer or error, and only after
 *   the batch that carried it returned (for a unit of work: committed).
 * - One failing item does not fail the others.
 * - An answer may be a promise still running when the batch returns (work that follows a
 *   commit): its caller waits for it, the next batch does not.
 */
export interface BatchQueue<I, O> {
  submit(item: I): Promise<O>;
}

/** Makes a queue whose items, arriving together, are handed to `work` together, answered in order. */
export type Batching = <I, O>(work: (items: I[]) => Promise<(O | PromiseLike<O>)[]>) => BatchQueue<I, O>;
