/** How the Stripe stand-in (stripe-stand-in.ts) reads a request's headers and writes its answer, as Stripe does. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer } from './stripe-intent-rules.js';
import type { EventRequest } from './stripe-objects.js';

/** The answer with Stripe's `Request-Id`, the `Idempotency-Key` it was made under and `Idempotent-Replayed`. */
export function send(res: ServerResponse, answer: Answer, request: EventRequest): void {
  res.writeHead(answer.status, {
    'content-type': 'application/json',
    'request-id': request.id ?? '',
    ...(request.idempotency_key ? { 'idempotency-key': request.idempotency_key } : {}),
    ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
  });
  res.end(`${JSON.stringify(answer.answer)}\n`);
}

export const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};
