/**
 * A query's initial data from the answer index.html's inline script prefetched for the screen
 * (web/shell/inline-shell.ts, ROUTE_DATA), when it has already arrived: the screen's first render
 * shows the figures instead of skeletons followed by a second render (issue 16: on a 4× slower
 * phone that second render, its layout and the timer before it were about 0.2 s of the
 * dashboard's wait). The data counts as fetched when the prefetch was asked for.
 *
 * Guarantees: only an answer `read` accepts is used (checked by the same schema as the query's
 * own call); otherwise the query fetches as usual, and that call takes the prefetched answer.
 */
import { takeArrived, type Schema } from './api-client.ts';

export function prefetchedInitialData<T>(path: string, read: (status: number, body: unknown) => T | undefined) {
  let at: number | undefined;
  return {
    initialData: (): T | undefined => {
      const taken = takeArrived(path, read);
      at = taken?.at;
      return taken?.data;
    },
    initialDataUpdatedAt: () => at,
  };
}

/** A 200 whose body `schema` accepts. */
export function okBody<T>(schema: Schema<T>): (status: number, body: unknown) => T | undefined {
  return (status, body) => (status === 200 ? schema.parse(body) : undefined);
}
