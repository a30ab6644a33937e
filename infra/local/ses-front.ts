/**
 * The local SES refuses like SES (docs/local-runtime.md "The local SES"): a small front the SESv2 SDK talks
 * to, passing every request through to aws-ses-v2-local (its mail page and `/store` included), that answers
 * GetAccount with this account's SendQuota (the SDK's own field names), counts the mail sent in its "last 24
 * hours", and refuses a send as SES does:
 * - throttling (HTTP 429 `TooManyRequestsException`, "Maximum sending rate exceeded.") for the next N sends
 *   or for a while, when told;
 * - the daily quota (HTTP 429 `TooManyRequestsException`, "Daily message quota exceeded.") once
 *   SentLast24Hours reaches Max24HourSend (-1: none).
 * Told through `POST /_local/ses` (JSON `{throttle?: {sends?, forMs?}, sendQuota?: {MaxSendRate?,
 * Max24HourSend?, SentLast24Hours?}}`; a new SentLast24Hours is how a test lets "the next day" come), read
 * through `GET /_local/ses`. Local only: the cloud's SES is SES. It answers only loopback `Host` names (and,
 * opened with HOST, the machine's own), before anything else (host-check.ts); aws-ses-v2-local itself listens
 * on a socket file, which no web page can reach.
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { SendQuota } from '@aws-sdk/client-sesv2';
import { refusedHost } from './host-check.js';
import { readBody } from './request-body.js';

export const SES_CONTROL_PATH = '/_local/ses';

/** SendQuota with every figure given (the SDK's type has each optional). */
type FullQuota = { [K in keyof SendQuota]-?: number };

/** The local account's limits: a raised production account's rate, so local mail is never slow. */
const LOCAL_QUOTA: FullQuota = { MaxSendRate: 200, Max24HourSend: -1, SentLast24Hours: 0 };

export interface SesFrontState {
  sendQuota: FullQuota;
  /** Sends still to be refused as throttled. */
  throttleSends: number;
  /** Until when (epoch ms) every send is refused as throttled. */
  throttleUntil: number;
  throttled: number;
}

interface Told {
  throttle?: { sends?: number; forMs?: number };
  sendQuota?: SendQuota;
}

const isSend = (req: IncomingMessage) =>
  req.method === 'POST' && (req.url ?? '').split('?')[0] === '/v2/email/outbound-emails';

/** Starts the front on `port` of `host`, in front of the aws-ses-v2-local listening on `upstream`'s socket. */
export async function startSesFront(
  upstream: { socketPath: string },
  port: number,
  host: string,
): Promise<{ server: Server; state: SesFrontState }> {
  const state: SesFrontState = {
    sendQuota: { ...LOCAL_QUOTA },
    throttleSends: 0,
    throttleUntil: 0,
    throttled: 0,
  };

  const refuse = (res: ServerResponse, message: string) => {
    res.writeHead(429, {
      'Content-Type': 'application/json',
      'x-amzn-ErrorType': 'TooManyRequestsException',
    });
    res.end(JSON.stringify({ message }));
  };

  async function control(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'POST') {
      const told = JSON.parse((await readBody(req)) || '{}') as Told;
      if (told.throttle) {
        state.throttleSends = told.throttle.sends ?? 0;
        state.throttleUntil = told.throttle.forMs ? Date.now() + told.throttle.forMs : 0;
      }
      if (told.sendQuota) state.sendQuota = { ...state.sendQuota, ...definedOf(told.sendQuota) };
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(state));
  }

  function pass(req: IncomingMessage, res: ServerResponse, counted: boolean) {
    const onward = request(
      { socketPath: upstream.socketPath, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (counted && (answer.statusCode ?? 500) < 300) state.sendQuota.SentLast24Hours += 1;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end(error.message);
    });
    req.pipe(onward);
  }

  const server = createServer((req, res) => {
    if (refusedHost(req, res, host)) return;
    const path = (req.url ?? '').split('?')[0];
    if (path === SES_CONTROL_PATH) {
      control(req, res).catch((error: unknown) => {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: (error as Error).message }));
      });
      return;
    }
    if (req.method === 'GET' && path === '/v2/email/account') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ SendQuota: state.sendQuota, SendingEnabled: true, ProductionAccessEnabled: true }),
      );
      return;
    }
    if (isSend(req)) {
      const { Max24HourSend, SentLast24Hours } = state.sendQuota;
      if (Max24HourSend >= 0 && SentLast24Hours >= Max24HourSend) {
        req.resume();
        return refuse(res, 'Daily message quota exceeded.');
      }
      if (state.throttleSends > 0 || Date.now() < state.throttleUntil) {
        state.throttleSends = Math.max(0, state.throttleSends - 1);
        state.throttled += 1;
        req.resume();
        return refuse(res, 'Maximum sending rate exceeded.');
      }
      return pass(req, res, true);
    }
    pass(req, res, false);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { server, state };
}

const definedOf = (quota: SendQuota): Partial<FullQuota> =>
  Object.fromEntries(Object.entries(quota).filter(([, v]) => typeof v === 'number'));
