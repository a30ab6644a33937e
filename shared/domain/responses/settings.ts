/** The settings views' fields (spec "Site settings"; shared/domain/settings.ts, functions/adminSettings/rules.ts). */
import * as v from 'valibot';
import type { AnySchema } from '../../http/route.js';
import { MESSAGE_KINDS } from '../messages/kinds.js';
import { INTERNAL_PATH_FIELDS, LIMIT_SETTINGS, PUBLIC_FIELDS } from '../settings.js';
import { flag } from './common.js';

const PUBLIC_STRINGS = PUBLIC_FIELDS;

/** Present only behind their opt-in flags. */
const OPTIONAL_STRINGS = ['businessTaxId', ...INTERNAL_PATH_FIELDS] as const;

/** One schema for each name; Object.fromEntries types its keys as string, the cast gives back the names. */
const each = <const N extends string, S extends AnySchema>(names: readonly N[], schema: S) =>
  Object.fromEntries(names.map((n) => [n, schema])) as Record<N, S>;
const strings = <const N extends string>(names: readonly N[]) => each(names, v.string());
const optionalStrings = <const N extends string>(names: readonly N[]) => each(names, v.optional(v.string()));

export const apiPolicy = v.object({
  apiBookingGuestEnabled: flag,
  apiBookingRequireLogin: flag,
  apiCaptchaProvider: v.string(),
  apiCaptchaSiteKey: v.string(),
  apiContactCaptchaEnabled: flag,
  apiSubscribeCaptchaEnabled: flag,
});

export const publicSettings = v.object({
  ...strings(PUBLIC_STRINGS),
  ...optionalStrings(OPTIONAL_STRINGS),
  apiPolicy,
});

/** The admin view: every setting; a secret only as `<name>Set` (whether one is stored). */
export const adminSettings = v.object({
  ...strings([...PUBLIC_STRINGS, ...OPTIONAL_STRINGS]),
  ...apiPolicy.entries,
  apiExposeBusinessTaxId: flag,
  apiExposeInternalPaths: flag,
  apiCaptchaSecretKeySet: v.boolean(),
  vrTaxRate: v.number(),
  vrTaxRate2: v.number(),
  channelEnabled: flag,
  tenantActivationPageUrl: v.string(),
  tenantPasswordResetPageUrl: v.string(),
  bookingHoldMinutes: v.number(),
  paymentPageUrl: v.string(),
  cancellationPolicy: v.string(),
  preArrivalDays: v.number(),
  ownerStatementDay: v.number(),
  managementFeePercent: v.number(),
  reminderDaysBefore: v.number(),
  mailMaxSendRate: v.number(),
  messagesOff: v.array(v.picklist(MESSAGE_KINDS)),
  ...each(LIMIT_SETTINGS, v.number()),
});
