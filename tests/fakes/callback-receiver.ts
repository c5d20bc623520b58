/**
 * Callback receiver: a tiny HTTP server on 127.0.0.1 standing in for the app's callback routes in
 * adapter tests (mobile-money callbacks, SMS delivery reports). It answers every request with
 * `status` (200 by default) and records it.
 *
 * Usage
 *   const receiver = await startCallbackReceiver();
 *   receiver.url                         // http://127.0.0.1:<port>; any path is accepted
 *   await receiver.waitFor(1)            // until one request arrived (rejects after 5 s)
 *   receiver.received[0]                 // { method, path, contentType, body }
 *   await receiver.stop();
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCallback {
  method: string;
  path: string;
  contentType: string | undefined;
  /** The raw body. */
  body: string;
}

export interface CallbackReceiver {
  url: string;
  readonly received: readonly ReceivedCallback[];
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startCallbackReceiver(options: { status?: number } = {}): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '/', contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(options.status ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} callbacks, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
