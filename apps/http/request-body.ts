/**
 * Reading a request body within a limit, and leaving the connection usable when a body is
 * refused before it was read to its end.
 *
 * Why: HTTP/1.1 keeps the connection open for the next request, and that request starts right
 * after this one's body. A handler that stops reading early (an oversize body, or one refused on
 * its headers) leaves the rest of the body on the socket: answered `Connection: keep-alive`, the
 * client sent its next request on a socket the server then reset (or read as garbage). So after
 * every answer (`releaseUnreadBody`) a body not read to its end is either drained, when it
 * declared a small enough length, or the answer says `Connection: close` and the socket closes
 * once it is sent. Destroying the request stream (what breaking out of `for await (… of req)`
 * does) would cut the socket before the answer left, hence `readBodyWithin`.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';

/** The largest JSON body a route reads (the app's body parser, and DELETE /api/me's own): far above any form of this API; larger bodies are refused before parsing. */
export const JSON_BODY_LIMIT = '100kb';

/** Unread bodies up to this size are read and discarded to keep the connection; larger ones close it. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;

/** The whole body, or `too_large` (the stream is paused, not destroyed) past `limitBytes`. */
export function readBodyWithin(req: IncomingMessage, limitBytes: number): Promise<Buffer | 'too_large'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) return Promise.resolve('too_large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) return void chunks.push(chunk);
      stop();
      req.pause();
      resolve('too_large');
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** Call once the answer is decided, before Koa writes it. */
export function releaseUnreadBody(ctx: Context): void {
  const req = ctx.req;
  if (req.complete || ctx.headerSent) return;
  const declared = Number(req.headers['content-length']);
  if (!req.destroyed && Number.isFinite(declared) && declared <= DRAIN_LIMIT_BYTES) {
    // Whatever a parser left (paused, unpiped) is read and dropped; the next request follows it.
    req.resume();
    return;
  }
  ctx.set('Connection', 'close');
  if (!req.destroyed) req.resume();
}
