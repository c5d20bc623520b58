import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, PREFETCH_MAX_AGE_MS } from './api-client.ts';

/** The answers index.html's inline script started (web/shell/inline-shell.ts, ROUTE_DATA). */
function prefetch(entries: Record<string, { token: string | null; at?: number; body: string }>) {
  const started = Object.fromEntries(
    Object.entries(entries).map(([path, e]) => [path, { token: e.token, at: e.at ?? Date.now(), response: Promise.resolve(new Response(e.body)) }]),
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
});
