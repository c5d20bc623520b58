import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

/** A work function that records its batches and answers each item doubled, after `gate` opens. */
function recorder(options: { failOn?: number } = {}) {
  const batches: number[][] = [];
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const work = async (items: number[]) => {
    batches.push(items);
    await gate;
    if (options.failOn !== undefined && items.includes(options.failOn)) throw new Error(`item ${options.failOn} fails`);
    return items.map((i) => i * 2);
  };
  return { batches, work, open: () => open() };
}

describe('GroupCommit', () => {
  it('serves a lone caller in a batch of one, and callers who arrive together in one batch', async () => {
    const r = recorder();
    r.open();
    const commit = new GroupCommit(r.work, { maxBatch: 10, maxConcurrent: 1 });
    expect(await commit.submit(1)).toBe(2);
    expect(await Promise.all([commit.submit(2), commit.submit(3), commit.submit(4)])).toEqual([4, 6, 8]);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('queues callers while batches run, up to maxConcurrent batches of at most maxBatch', async () => {
    const r = recorder();
    const commit = new GroupCommit(r.work, { maxBatch: 2, maxConcurrent: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5, 6].map((i) => commit.submit(i)));
    await new Promise((resolve) => setImmediate(resolve));
    // Two batches running; the rest wait for one of them to end.
    expect(r.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    r.open();
    expect(await answers).toEqual([2, 4, 6, 8, 10, 12]);
    expect(r.batches).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('frees a batch\'s slot when its work returns, while its callers still wait for answers given as promises', async () => {
    let finish: () => void = () => {};
    const afterCommit = new Promise<void>((resolve) => (finish = resolve));
    const batches: number[][] = [];
    const commit = new GroupCommit(
      async (items: number[]) => {
        batches.push(items);
        return items.map((i) => (i === 1 ? afterCommit.then(() => i * 2) : i * 2));
      },
      { maxBatch: 10, maxConcurrent: 1 },
    );
    let firstAnswered = false;
    const first = commit.submit(1).then((answer) => ((firstAnswered = true), answer));
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch returned; its caller still waits, and the next batch runs meanwhile.
    expect(await commit.submit(2)).toBe(4);
    expect(batches).toEqual([[1], [2]]);
    expect(firstAnswered).toBe(false);
    finish();
    expect(await first).toBe(2);
  });

  it('runs the items of a failed batch alone, so only the failing one gets the error', async () => {
    const r = recorder({ failOn: 2 });
    r.open();
    const commit = new GroupCommit(r.work, { maxBatch: 10, maxConcurrent: 1 });
    const settled = await Promise.allSettled([1, 2, 3].map((i) => commit.submit(i)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([2, 'item 2 fails', 6]);
    expect(r.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
