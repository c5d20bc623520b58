/**
 * GroupCommit: callers that arrive together share one unit of work (or, for a read, one
 * statement). Each `submit` waits for the answer to its own item; the items queued while earlier
 * batches run go, up to `maxBatch` at a time, to one call of `work`, which answers them in order.
 * The database then does a few statements and one commit for a whole batch instead of for each
 * caller, which is what lets payment confirmations keep up with a provider's callbacks (and every
 * request's sign-in check cost one statement per moment, not per request).
 *
 * Guarantees
 * - Every item is answered exactly once, with its own result or error, and only after the batch
 *   that carried it returned (for a unit of work: committed).
 * - An item waits at most for the batches already running: a lone caller is served at the next
 *   turn of the event loop, in a batch of one.
 * - One failing item does not fail the others: when a batch throws, each of its items is run
 *   again alone, so only the item that throws alone gets the error.
 * - At most `maxConcurrent` batches run at once (each holds one database connection). An answer
 *   may be a promise still running when `work` returns (what follows a commit): the batch's slot
 *   is free from then on, and its caller waits for that answer.
 */
export interface GroupCommitOptions {
  maxBatch: number;
  maxConcurrent: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O | PromiseLike<O>) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<I, O> {
  private readonly queue: Waiting<I, O>[] = [];
  private running = 0;
  private drainScheduled = false;

  constructor(
    private readonly work: (items: I[]) => Promise<(O | PromiseLike<O>)[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      // Callers whose requests were read in this turn of the event loop join the same batch.
      if (!this.drainScheduled) {
        this.drainScheduled = true;
        setImmediate(() => {
          this.drainScheduled = false;
          this.drain();
        });
      }
    });
  }

  private drain(): void {
    while (this.running < this.options.maxConcurrent && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.running++;
      void this.runBatch(batch).finally(() => {
        this.running--;
        this.drain();
      });
    }
  }

  private async runBatch(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const answers = await this.work(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(answers[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const waiting of batch) {
        try {
          waiting.resolve((await this.work([waiting.item]))[0]!);
        } catch (alone) {
          waiting.reject(alone);
        }
      }
    }
  }
}
