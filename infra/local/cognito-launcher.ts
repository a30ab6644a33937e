/**
 * cognito-local as the child process services.ts starts (`startCognito`): cognito-local's own Express app
 * (its createDefaultServer's `application`, what its start script listens with) served by a server of ours,
 * so that its port answers only what the runtime's own process sends (docs/local-runtime.md "DNS
 * rebinding"). cognito-local's admin API needs no credentials and allows every origin (CORS `*`), so a web
 * page could otherwise call it, cross-origin or through a name pointed at 127.0.0.1. Refused here, before
 * cognito-local sees them: a `Host` that is not a loopback name (421, host-check.ts), and any request with
 * an `Origin` header (403): browsers send one with every cross-origin call and every POST, the SDK never does.
 * Runs with cwd = the pool directory (cognito-local keeps its pools under `<cwd>/.cognito`); PORT and HOST
 * as cognito-local's own start reads them.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { Forbidden } from '../../shared/errors.js';
import { toProblem } from '../../shared/http/problem.js';
import { LOOPBACK, refusedHost } from './host-check.js';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

interface CognitoLocal {
  createDefaultServer(logger: unknown): Promise<{ application: RequestListener }>;
}

// cognito-local is CommonJS, and pino is its dependency (resolved from its package, as it resolves it).
const cognitoRequire = createRequire(createRequire(import.meta.url).resolve('cognito-local/package.json'));
const { createDefaultServer } = cognitoRequire('./lib/server/index.js') as CognitoLocal;
const pino = cognitoRequire('pino') as (options: { level: string }) => unknown;

function refusedBrowser(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.headers.origin === undefined) return false;
  const problem = toProblem(
    new Forbidden('cognito-local answers the local runtime only, not a web page'),
    randomUUID(),
    (req.url ?? '/').split('?')[0],
  );
  req.resume();
  res.writeHead(problem.statusCode, problem.headers as Record<string, string>);
  res.end(problem.body);
  return true;
}

const host = process.env.HOST ?? LOOPBACK;
const { application } = await createDefaultServer(pino({ level: 'silent' }));
createServer((req, res) => {
  if (refusedHost(req, res, host) || refusedBrowser(req, res)) return;
  application(req, res);
}).listen(Number(process.env.PORT), host);
