/**
 * The ownerStatementMessages schedule (hourly): from day `ownerStatementDay` of a month (the site's days) on,
 * the last month is closed for each landlord with properties (each property's management fee charged, once:
 * shared/workflows/reports/management-fee.ts), then each landlord with an address is mailed its owner
 * statement, its PDF attached, once per landlord and month. From that day on, not only on it: a missed run
 * catches up. The close comes first, so the mail shows the month's fee.
 */

import { mayBeLandlord } from '../../shared/auth/roles.js';
import { now } from '../../shared/clock.js';
import { type AdminProfile, allAdminProfiles } from '../../shared/data/admins-repo.js';
import { getMessage } from '../../shared/data/mail-messages-repo.js';
import { propertiesOfLandlord } from '../../shared/data/properties-repo.js';
import { todayIn } from '../../shared/domain/dates.js';
import { causes, type MessageRecord, messageIdOf } from '../../shared/domain/messages/record.js';
import { log } from '../../shared/log.js';
import { chargeManagementFees } from '../../shared/workflows/reports/management-fee.js';
import type { MailContext } from './compose-types.js';
import { type Clock, mailContext, startMessage } from './deliver.js';

/** `2031-06-03` → `2031-05`. */
export function previousMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * One landlord's month: closed (fees charged), then mailed when they have an address. A landlord whose mail
 * is started already was closed before it; one without an address is closed again each run, which charges
 * nothing twice (one Query per property).
 */
async function closeAndMail(
  landlord: AdminProfile,
  month: string,
  ctx: MailContext,
  clock: Clock,
): Promise<MessageRecord | undefined> {
  const cause = causes.statement(landlord.adminId, month);
  const mailed = landlord.adminEmail ? await getMessage(messageIdOf('ownerStatement', cause)) : undefined;
  if (mailed) return undefined;
  const properties = await propertiesOfLandlord(landlord.adminId);
  if (properties.length === 0) return undefined;
  await chargeManagementFees(landlord, properties, month, ctx.settings, ctx.now);
  return landlord.adminEmail ? startMessage('ownerStatement', cause, ctx, clock) : undefined;
}

export async function sendOwnerStatements(
  clock: Clock,
): Promise<{ month: string | null; started: MessageRecord[] }> {
  const ctx = await mailContext(clock());
  const today = todayIn(ctx.settings.systemTimeZone, ctx.now);
  if (Number(today.slice(8, 10)) < ctx.settings.ownerStatementDay) return { month: null, started: [] };
  const month = previousMonth(today);
  const started: MessageRecord[] = [];
  const landlords = (await allAdminProfiles()).filter((a) => mayBeLandlord(Number(a.adminRole)));
  for (const landlord of landlords) {
    try {
      const message = await closeAndMail(landlord, month, ctx, clock);
      if (message) started.push(message);
    } catch (error) {
      log('error', 'an owner statement could not be closed or started', {
        landlord: landlord.adminId,
        month,
        error: (error as Error).message,
      });
    }
  }
  return { month, started };
}

export const handler = async (): Promise<void> => {
  await sendOwnerStatements(now);
};
