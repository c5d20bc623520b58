import { createHook } from 'node:async_hooks';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderHttp } from './provider-http.ts';

let server: Server | undefined;

/** A provider answering every request with `answer` (after the delays given). */
async function provider(answer: { status: number; body: string; headersAfterMs?: number; bodyAfterMs?: number }): Promise<string> {
  server = createServer((req, res) => {
    req.resume();
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.flushHeaders();
      setTimeout(() => res.end(answer.body), answer.bodyAfterMs ?? 0);
    }, answer.headersAfterMs ?? 0);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** The timers of `ms` made while `run` ran that are still pending once it answered. */
async function timersLeftBy(ms: number, run: () => Promise<unknown>): Promise<number> {
  const pending = new Set<number>();
  const hook = createHook({
    init: (id, type, _trigger, resource) => {
      if (type === 'Timeout' && (resource as { _idleTimeout?: number })._idleTimeout === ms) pending.add(id);
    },
    destroy: (id) => pending.delete(id),
  }).enable();
  try {
    await run();
    await new Promise((resolve) => setImmediate(resolve));
    return pending.size;
  } finally {
    hook.disable();
  }
}

describe('ProviderHttp.fetch', () => {
  it('answers the status and the body, and leaves no timer behind once answered', async () => {
    const http = new ProviderHttp({ baseUrl: await provider({ status: 202, body: '{"ok":true}' }), timeoutMs: 60_000 });
    let response: Response | undefined;
    // AbortSignal.timeout's timer stayed for the whole minute, holding the caller's async context.
    expect(await timersLeftBy(60_000, async () => (response = await http.fetch('/collect', { method: 'POST' })))).toBe(0);
    expect(response?.status).toBe(202);
    expect(await response?.json()).toEqual({ ok: true });
  });

  it('answers an empty body as one', async () => {
    const http = new ProviderHttp({ baseUrl: await provider({ status: 404, body: '' }) });
    const response = await http.fetch('/status', {});
    expect(response?.status).toBe(404);
    expect(await response?.text()).toBe('');
  });

  it('is undefined when the answer does not come in time, headers or body', async () => {
    const slowHeaders = new ProviderHttp({ baseUrl: await provider({ status: 200, body: '{}', headersAfterMs: 500 }), timeoutMs: 50 });
    expect(await slowHeaders.fetch('/status', {})).toBeUndefined();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    const slowBody = new ProviderHttp({ baseUrl: await provider({ status: 200, body: '{}', bodyAfterMs: 500 }), timeoutMs: 50 });
    expect(await slowBody.fetch('/status', {})).toBeUndefined();
  });
});
