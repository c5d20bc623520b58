import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { apiFetch, PREFETCH_MAX_AGE_MS } from './api-client.ts';
import { okBody, prefetchedInitialData } from './prefetched-initial-data.ts';

/** The answers index.html's inline script started (web/shell/inline-shell.ts, ROUTE_DATA); `arrived`: its JSON already read. */
function prefetch(entries: Record<string, { token: string | null; at?: number; body: string; arrived?: { status: number; body: unknown } }>) {
  const started = Object.fromEntries(
    Object.entries(entries).map(([path, e]) => [path, { token: e.token, at: e.at ?? Date.now(), response: Promise.resolve(new Response(e.body)), arrived: e.arrived }]),
  );
  vi.stubGlobal('window', { __ikiminaPrefetch: started });
}

describe('apiFetch and the answers started by index.html', () => {
  let stored: string | null;
  const fetched: string[] = [];

  beforeEach(() => {
    stored = 'token-a';
    fetched.length = 0;
    vi.stubGlobal('localStorage', { getItem: () => stored, setItem: () => undefined, removeItem: () => undefined });
    vi.stubGlobal('fetch', async (path: string) => {
      fetched.push(path);
      return new Response('fresh');
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uses a prefetched answer once, for a GET of the same path with the same token', async () => {
    prefetch({ '/api/user': { token: 'token-a', body: 'early' } });
    expect(await (await apiFetch('/api/user')).text()).toBe('early');
    expect(await (await apiFetch('/api/user')).text()).toBe('fresh');
    expect(fetched).toEqual(['/api/user']);
  });

  it('asks again when the session changed, the answer is old, or the call is not a plain GET', async () => {
    prefetch({
      '/api/user': { token: 'token-b', body: 'other session' },
      '/api/loans': { token: 'token-a', at: Date.now() - PREFETCH_MAX_AGE_MS - 1, body: 'stale' },
      '/api/credit-score': { token: 'token-a', body: 'early' },
      '/api/tontines': { token: 'token-a', body: 'early' },
    });
    expect(await (await apiFetch('/api/user')).text()).toBe('fresh');
    expect(await (await apiFetch('/api/loans')).text()).toBe('fresh');
    expect(await (await apiFetch('/api/credit-score', { method: 'POST', body: {} })).text()).toBe('fresh');
    expect(await (await apiFetch('/api/tontines', { headers: { 'Idempotency-Key': 'k' } })).text()).toBe('fresh');
    expect(fetched).toEqual(['/api/user', '/api/loans', '/api/credit-score', '/api/tontines']);
  });

  it('signed out, takes an answer started without a token', async () => {
    stored = null;
    prefetch({ '/api/tontines': { token: null, body: 'early' } });
    expect(await (await apiFetch('/api/tontines')).text()).toBe('early');
    expect(fetched).toEqual([]);
  });

  it("gives a query the prefetched answer that has arrived as its initial data, once, when the query's schema accepts it", async () => {
    const at = Date.now() - 1_000;
    prefetch({
      '/api/dashboard/summary': { token: 'token-a', at, body: '', arrived: { status: 200, body: { totalSavings: 5000 } } },
      '/api/loans': { token: 'token-a', body: 'not yet', arrived: undefined },
      '/api/user': { token: 'token-a', body: 'refused', arrived: { status: 401, body: { code: 'session_not_found' } } },
      '/api/tontines/user': { token: 'token-a', body: 'drifted', arrived: { status: 200, body: { unexpected: true } } },
      '/api/credit-score': { token: 'token-b', body: 'other session', arrived: { status: 200, body: { totalSavings: 1 } } },
    });
    const schema = z.object({ totalSavings: z.number() });
    const summary = prefetchedInitialData('/api/dashboard/summary', okBody(schema));
    expect(summary.initialData()).toEqual({ totalSavings: 5000 });
    expect(summary.initialDataUpdatedAt()).toBe(at);
    expect(prefetchedInitialData('/api/dashboard/summary', okBody(schema)).initialData()).toBeUndefined();
    // Not arrived, a 401, a body the schema refuses, another session: no initial data, and the
    // call itself still takes the answer (a 401 then ends the session as usual).
    for (const path of ['/api/loans', '/api/user', '/api/tontines/user', '/api/credit-score']) {
      const options = prefetchedInitialData(path, okBody(schema));
      expect(options.initialData()).toBeUndefined();
      expect(options.initialDataUpdatedAt()).toBeUndefined();
    }
    expect(await (await apiFetch('/api/loans')).text()).toBe('not yet');
    expect(await (await apiFetch('/api/tontines/user')).text()).toBe('drifted');
    expect(fetched).toEqual([]);
  });
});
