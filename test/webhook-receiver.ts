/**
 * A local webhook receiver for the tests: an HTTP server on 127.0.0.1 (the local runtime allows loopback
 * targets) that keeps every request, verifies it with the `standardwebhooks` package when it knows the
 * secret, checks every payload against its event type's documented schema (a mismatch fails `waitFor`),
 * and answers the statuses it is told to (e.g. 500 twice, then 200).
 */
import { createServer, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { payloadMismatch } from './support/contract.js';

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** What Webhook(secret).verify returned, or the error it threw. */
  verified: unknown;
  verifyError?: string;
  /** The status this receiver answered. */
  answered: number;
  at: number;
}

export class Receiver {
  readonly received: Received[] = [];
  /** Payloads that did not match their documented schema (test/support/contract.ts payloadMismatch). */
  readonly payloadProblems: string[] = [];
  secret: string | undefined;
  /** Statuses to answer next, one per request (with headers of their own when given); 200 when empty. */
  script: (number | { status: number; headers: Record<string, string> })[] = [];
  /** Answered after the script runs out. */
  otherwise = 200;
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(path = '/hook'): Promise<Receiver> {
    let self: Receiver | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () =>
        self?.take(req.headers as Record<string, string>, Buffer.concat(chunks).toString('utf8'), res),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    self = new Receiver(server, `http://127.0.0.1:${port}${path}`);
    return self;
  }

  private take(headers: Record<string, string>, body: string, res: import('node:http').ServerResponse) {
    const next = this.script.shift() ?? this.otherwise;
    const answered = typeof next === 'number' ? next : next.status;
    const extra = typeof next === 'number' ? {} : next.headers;
    const entry: Received = {
      id: headers['webhook-id'] ?? '',
      timestamp: headers['webhook-timestamp'] ?? '',
      signature: headers['webhook-signature'] ?? '',
      body,
      verified: undefined,
      answered,
      at: Date.now(),
    };
    if (this.secret) {
      try {
        entry.verified = new Webhook(this.secret).verify(body, headers);
      } catch (error) {
        entry.verifyError = (error as Error).message;
      }
    }
    this.received.push(entry);
    const problem = (() => {
      try {
        return payloadMismatch(JSON.parse(body));
      } catch {
        return `a payload that is not JSON: ${body.slice(0, 80)}`;
      }
    })();
    if (problem) this.payloadProblems.push(problem);
    res
      .writeHead(answered, { 'content-type': 'text/plain', ...extra })
      .end(answered < 300 ? 'thanks' : `nope ${answered}`);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves when `count` requests have arrived (or rejects after timeoutMs). */
  async waitFor(count: number, timeoutMs = 15_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      this.checkPayloads();
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`receiver got ${this.received.length} of ${count} requests`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    this.checkPayloads();
    return this.received;
  }

  private checkPayloads(): void {
    if (this.payloadProblems.length)
      throw new Error(`undocumented webhook payloads: ${this.payloadProblems.join(' | ')}`);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
