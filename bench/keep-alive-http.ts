/**
 * The benches' HTTP client, for their load workers: requests over keep-alive connections with
 * node:http. Measured in bench:payments, `fetch` (undici) cost the sending thread about twice the
 * CPU per request (a trivial endpoint answered 2,937 requests/s with fetch, 6,869 with node:http):
 * on two cores shared with the app and PostgreSQL, the load generator must cost as little as it can.
 */
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';

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

/**
 * The app's keep-alive timeout: Node's default (5 s), which apps/main.ts keeps. An agent's idle
 * connection is closed before it (the socket timeout closes free sockets only): otherwise a
 * request sent on a connection the server is closing fails with ECONNRESET (bench:soak's open
 * loop saw 5 in 6,000), a race of the load generator's own, not an answer of the app.
 */
const SERVER_KEEP_ALIVE_MS = 5_000;

/** An agent that keeps up to `sockets` connections open between requests, each for up to 4 s idle. */
export function keepAliveAgent(sockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets, timeout: SERVER_KEEP_ALIVE_MS - 1_000 });
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
 * One keep-alive HTTP/1.1 connection of its own, for a load worker whose every simulated client
 * sends one request at a time (bench:ussd's sessions): the request is written as one string and
 * the answer read by its Content-Length, without node:http's agent, parser and stream objects.
 * Measured in bench:ussd's walk worker: 0.32 ms of CPU per step with node:http, 0.14 ms with this (10:55–10:58, load 12–16).
 * It reads what the app sends (a status line, headers, a body of Content-Length bytes), no more.
 */
export class HttpConnection {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (answer: HttpAnswer) => void; reject: (error: Error) => void } | undefined;

  private constructor(
    private readonly socket: Socket,
    private readonly host: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.answerIfWhole();
    });
    const fail = (error: Error) => {
      this.waiting?.reject(error);
      this.waiting = undefined;
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed by the server')));
  }

  /** Connects to `base`'s host and port; the connection is open when the promise resolves. */
  static open(base: URL): Promise<HttpConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: base.hostname, port: Number(base.port) }, () => {
        socket.off('error', reject);
        resolve(new HttpConnection(socket, base.host));
      });
      socket.once('error', reject);
    });
  }

  /** Sends one request and reads its whole answer; one at a time on a connection. */
  send({ method, path, headers = {}, body = '' }: HttpRequest): Promise<HttpAnswer> {
    if (this.waiting) return Promise.reject(new Error('one request at a time on an HttpConnection'));
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${this.host}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`${head}\r\n${body}`);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private answerIfWhole(): void {
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.buffered.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
    if (Number.isNaN(length)) return this.waiting.reject(new Error(`an answer without Content-Length: ${head.slice(0, 200)}`));
    if (this.buffered.length < end + 4 + length) return;
    const text = this.buffered.toString('utf8', end + 4, end + 4 + length);
    this.buffered = this.buffered.subarray(end + 4 + length);
    const { resolve } = this.waiting;
    this.waiting = undefined;
    resolve({ status: Number(head.slice(9, 12)), text });
  }
}
