/**
 * The request body as the local API Gateway stand-in reads it (infra/local/http-server.ts), with its size
 * limit. API Gateway refuses payloads over 10 MB; the local runtime stops at 1 MB, the handlers refuse > 256 KB.
 */
import type { IncomingMessage } from 'node:http';
import { PayloadTooLarge } from '../../shared/errors.js';

const MAX_BODY = 1024 * 1024;
/**
 * A body over MAX_BODY is still read to its end (and dropped) up to this size, so the 413 reaches the client
 * and the connection stays usable; beyond it (API Gateway's own limit) the 413 closes the connection.
 */
const DRAIN_LIMIT = 10 * 1024 * 1024;

/** A 413; `drained` false when the body was not read to its end (the connection must close). */
export class BodyTooLarge extends PayloadTooLarge {
  constructor(readonly drained: boolean) {
    super(`Request bodies are limited to ${MAX_BODY / 1024} KB`);
  }
}

/**
 * The request body. One over MAX_BODY is a 413, but only once it has been read to its end: answering while
 * the client still sends and dropping the socket (what leaving a `for await` over the request does) resets
 * the connection, and the client sees ECONNRESET instead of the 413.
 */
export function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
      else if (size > DRAIN_LIMIT) {
        req.off('data', onData);
        req.pause();
        reject(new BodyTooLarge(false));
      }
    };
    req.on('data', onData);
    req.once('error', reject);
    req.once('end', () => {
      if (size > MAX_BODY) reject(new BodyTooLarge(true));
      else resolve(chunks.length ? Buffer.concat(chunks).toString('utf8') : null);
    });
  });
}
