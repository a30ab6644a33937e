/**
 * Structured one-line JSON logs (CloudWatch Logs Insights reads them as fields). Kept to a function rather
 * than a logging library: the handlers log only failures and a few security events.
 */
export type Level = 'debug' | 'info' | 'warn' | 'error';

const quiet = process.env.LOG_LEVEL === 'silent';

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (quiet && level !== 'error') return;
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}
