/**
 * The benches' HTTP client, for their load workers: requests over keep-alive connections with
 * node:http. Measured in bench:payments, `fetch` (undici) cost the sending thread about twice the
 * CPU per request (a trivial endpoint answered 2,937 requests/s with fetch, 6,869 with node:http):
 * on two cores shared with the app and PostgreSQL, the load generator must cost as little as it can.
 */
import { Agent, request } from 'node:http';

export interface HttpAnswer {
  status: number;
  /** The body, as UTF-8 text. */
  text: string;
}

export interface HttpRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent with its length; none: no body. */
  body?: string;
}

/** An agent that keeps up to `sockets` connections open between requests. */
export function keepAliveAgent(sockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
}

/** Sends one request on the agent's connections to `base` (its host and port) and reads the whole answer. */
export function send(agent: Agent, base: URL, { method, path, headers = {}, body }: HttpRequest): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const length: Record<string, number> = body === undefined ? {} : { 'content-length': Buffer.byteLength(body) };
    const req = request({ agent, host: base.hostname, port: base.port, method, path, headers: { ...headers, ...length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Opens `count` connections before anything is measured: as many requests to `path` at once, so
 * the agent connects that many sockets and keeps them; the measured requests then find them open
 * instead of paying a TCP handshake (and the app an accept) on their first step.
 */
export async function openConnections(agent: Agent, base: URL, count: number, path = '/healthz'): Promise<void> {
  const answers = await Promise.all(Array.from({ length: count }, () => send(agent, base, { method: 'GET', path })));
  const failed = answers.find((a) => a.status !== 200);
  if (failed) throw new Error(`opening connections: GET ${path} answered ${failed.status}`);
}
