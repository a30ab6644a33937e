/**
 * The ownerStatementMessages schedule (hourly): from day `ownerStatementDay` of a month (the site's days) on,
 * each landlord with properties and an address is mailed the last month's owner statement, its PDF attached,
 * once per landlord and month. From that day on, not only on it: a missed run catches up.
 */

import { mayBeLandlord } from '../../shared/auth/roles.js';
import { allAdminProfiles } from '../../shared/data/admins-repo.js';
import { getMessage } from '../../shared/data/mail-messages-repo.js';
import { todayIn } from '../../shared/domain/dates.js';
import { causes, type MessageRecord, messageIdOf } from '../../shared/domain/messages/record.js';
import { log } from '../../shared/log.js';
import { type Clock, mailContext, startMessage } from './deliver.js';

/** `2031-06-03` → `2031-05`. */
export function previousMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

export async function sendOwnerStatements(
  clock: Clock,
): Promise<{ month: string | null; started: MessageRecord[] }> {
  const ctx = await mailContext(clock());
  const today = todayIn(ctx.settings.systemTimeZone, ctx.now);
  if (Number(today.slice(8, 10)) < ctx.settings.ownerStatementDay) return { month: null, started: [] };
  const month = previousMonth(today);
  const started: MessageRecord[] = [];
  const landlords = (await allAdminProfiles()).filter(
    (a) => mayBeLandlord(Number(a.adminRole)) && a.adminEmail,
  );
  for (const landlord of landlords) {
    const cause = causes.statement(landlord.adminId, month);
    if (await getMessage(messageIdOf('ownerStatement', cause))) continue;
    try {
      const message = await startMessage('ownerStatement', cause, ctx, clock);
      if (message) started.push(message);
    } catch (error) {
      log('error', 'an owner statement message could not be started', {
        landlord: landlord.adminId,
        month,
        error: (error as Error).message,
      });
    }
  }
  return { month, started };
}

export const handler = async (): Promise<void> => {
  await sendOwnerStatements(() => new Date());
};
