/** `npm start` as a user runs it, as a child process on free ports, for tests of what a newcomer does. */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../infra/local/services.js';

const ROOT = new URL('../..', import.meta.url).pathname;

export interface NpmStart {
  child: ChildProcess;
  /** The API's origin, e.g. http://localhost:41234 */
  url: string;
  /** The local SES (mail page), as printed. */
  mailUrl: string;
  output: () => string;
  /** Ctrl-C; resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/** Starts `infra/local/main.ts` (what `npm start` runs) and waits until it prints that it is ready. */
export async function npmStart(env: Record<string, string> = {}): Promise<NpmStart> {
  const port = await freePort(0);
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      MAIL_PORT: '0',
      COGNITO_PORT: '0',
      DYNAMODB_PORT: '0',
      DATA_DIR: 'memory',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Ctrl-C stops everything')) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`npm start exited: ${output}`));
      }
    }, 100);
  });
  const mailUrl = output.match(/Mail\s+(http:\/\/\S+?)\/?\s/)?.[1];
  if (!mailUrl) throw new Error(`no mail URL in: ${output}`);
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill('SIGINT');
    });
  return { child, url: `http://localhost:${port}`, mailUrl, output: () => output, stop };
}
