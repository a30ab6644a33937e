/**
 * Claiming a guest record's stays (docs/tenants.md "Claiming a guest record's stays"; DESIGN.md "Identity and
 * sessions"): the stays and invoices booked without a session under an address join the account of that address
 * only when someone signed in to the account with its password opens the claim link mailed to the address.
 * Whoever registered an address cannot read its mail, and whoever reads the mail must also know the password
 * (a password reset gives the account to the mailbox's owner first). The link is offered when the account is
 * activated or its password reset, if the address's guest record has stays or invoices.
 *
 * The claim, in steps that can each be repeated: the guest record is marked `claimedBy` the account and its
 * guest guard released (so no booking adds a stay to it any more: the booking's check of the guest record fails
 * and it makes a new one), under the condition that the link is still live; then each stay and each invoice is
 * moved to the account (reservation and money-document workflows: one small transaction each, conditioned on
 * the version read); last the link is used up. A claim cut short (a crash between the steps) is finished by
 * opening the link again, as long as it lives.
 */
import {
  accountTokenGone,
  accountTokenPart,
  accountTokenStillLivePart,
  consumeAccountTokenPart,
  liveAccountToken,
  newAccountToken,
} from '../../data/account-tokens-repo.js';
import { changePart } from '../../data/changes-repo.js';
import { claimGuestTenantParts, guestTenantIdByEmail } from '../../data/guest-tenants-repo.js';
import { documentsIn } from '../../data/money-documents-repo.js';
import { reservationsOfTenant } from '../../data/reservations-repo.js';
import { commitTenantChange, getStoredTenant } from '../../data/tenants-repo.js';
import { retryStale } from '../../db/optimistic.js';
import { commit, type TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import { claimableBy, type TenantRecord, tenantChange, withChanges } from '../../domain/tenant.js';
import { moveInvoiceToTenant } from '../money-document/tenant-move.js';
import { moveStayToTenant } from '../reservations/index.js';

/** How long a claim link works: a week, since it may come while the owner is away or must reset first. */
export const GUEST_CLAIM_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The action of the change that offers a claim (its mail: shared/domain/messages/triggers.ts). */
export const CLAIM_OFFERED = 'guestClaimOffered';

/** What a guest record holds that a claim would move. */
export interface GuestHoldings {
  guestTenantId: number;
  reservationIds: number[];
  invoiceIds: number[];
}

/** The stays (R3) and invoices (I3) of a guest record. */
export async function guestHoldings(guestTenantId: number): Promise<GuestHoldings> {
  const [stays, invoices] = await Promise.all([
    reservationsOfTenant(guestTenantId),
    documentsIn('invoice', 'tenant', guestTenantId, {}),
  ]);
  return {
    guestTenantId,
    reservationIds: stays.map((s) => s.record.reservationId),
    invoiceIds: invoices.map((i) => i.invoiceId),
  };
}

/**
 * The parts that offer the account a claim of its address's guest record, for the transaction of the change
 * that makes the account its mailbox owner's (an activation, a password reset): the claim token (replacing an
 * earlier one) and a second change item of the account, whose mail carries the link. None when the address has
 * no guest record, or one with nothing to claim.
 */
export async function guestClaimOfferParts(account: TenantRecord, by: Actor, now: Date): Promise<TxPart[]> {
  const guestTenantId = await guestTenantIdByEmail(account.tenantEmail);
  if (guestTenantId === undefined) return [];
  const holdings = await guestHoldings(guestTenantId);
  if (holdings.reservationIds.length === 0 && holdings.invoiceIds.length === 0) return [];
  const expiresAt = Math.floor(now.getTime() / 1000) + GUEST_CLAIM_TTL_SECONDS;
  const token = newAccountToken();
  const offered = { recordType: 'tenant', recordId: account.tenantId, action: CLAIM_OFFERED };
  return [
    await accountTokenPart('guestClaim', account.tenantId, token, expiresAt, now, guestTenantId),
    changePart(offered, by, now, true),
  ];
}

/** What a claim moved into the account. */
export interface ClaimResult {
  guestTenantId: number;
  reservationIds: number[];
  invoiceIds: number[];
}

/**
 * The claim of the guest record the account's live claim token names, by the signed-in account itself.
 * Undefined, and nothing written, when the token is not the account's live one, or its guest record is gone, is
 * another address's, or was claimed into another account.
 */
export async function claimGuestRecord(
  account: TenantRecord,
  presented: string,
  by: Actor,
  now: Date,
): Promise<ClaimResult | undefined> {
  const offer = await liveAccountToken('guestClaim', account.tenantId, presented, now);
  const guestTenantId = offer?.guestTenantId;
  if (!offer || guestTenantId === undefined) return undefined;
  const claimed = await retryStale(`The guest record ${guestTenantId}`, async () => {
    const guest = await getStoredTenant(guestTenantId);
    if (!guest || !claimableBy(guest.record, account)) return false;
    if (guest.record.claimedBy === account.tenantId) return true;
    const after = withChanges(guest.record, { claimedBy: account.tenantId }, now);
    try {
      await commitTenantChange(
        [
          ...claimGuestTenantParts(guest, account.tenantId, now),
          accountTokenStillLivePart('guestClaim', offer, now),
          changePart(tenantChange('claimed', guest.record, after), by, now),
        ],
        guestTenantId,
      );
    } catch (error) {
      if (accountTokenGone(error, 'guestClaim')) return false;
      throw error;
    }
    return true;
  });
  if (!claimed) return undefined;
  const result = await moveHoldings(guestTenantId, account.tenantId, by, now);
  await commit([consumeAccountTokenPart('guestClaim', offer, now)]).catch((error: unknown) => {
    // A claim opened twice at once: the other one used the link up; what was left is moved all the same.
    if (!accountTokenGone(error, 'guestClaim')) throw error;
  });
  return result;
}

/** Moves every stay and invoice of the claimed guest record to the account; what this call moved. */
async function moveHoldings(guestTenantId: number, accountId: number, by: Actor, now: Date) {
  const holdings = await guestHoldings(guestTenantId);
  const result: ClaimResult = { guestTenantId, reservationIds: [], invoiceIds: [] };
  for (const id of holdings.reservationIds)
    if (await moveStayToTenant(id, guestTenantId, accountId, by, now)) result.reservationIds.push(id);
  for (const id of holdings.invoiceIds)
    if (await moveInvoiceToTenant(id, guestTenantId, accountId, by, now)) result.invoiceIds.push(id);
  return result;
}
