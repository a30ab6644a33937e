/**
 * Every key of the single table is built here, so the access patterns in docs/data-model.md map to one
 * function each. Numbers in sort keys are zero-padded so they sort as strings.
 */
import { shardedLists, syncShardId } from './sharded-lists.js';

export { shardedLists, syncShardId } from './sharded-lists.js';

export const pad = (n: number, width = 10): string => String(n).padStart(width, '0');

export interface Key {
  PK: string;
  SK: string;
}

export const keys = {
  counter: (name: string): Key => ({ PK: `COUNTER#${name}`, SK: 'COUNTER' }),
  /** Maintained totals (e.g. visible VR properties) so a first page never reads a whole partition. */
  count: (name: string): Key => ({ PK: `COUNT#${name}`, SK: 'COUNT' }),
  /** A record already counted in a total a job keeps: put once, so a change delivered again counts once. */
  counted: (name: string, id: string): Key => ({ PK: `COUNTED#${name}#${id}`, SK: 'COUNTED' }),
  /** Uniqueness guard: written in the same transaction as the record that owns the value. */
  unique: (kind: string, value: string): Key => ({ PK: `UNIQUE#${kind}#${value}`, SK: 'UNIQUE' }),
  settings: (): Key => ({ PK: 'SETTINGS', SK: 'SITE' }),
  session: (tokenHash: string): Key => ({ PK: `SESSION#${tokenHash}`, SK: 'SESSION' }),
  admin: (adminId: number): Key => ({ PK: `ADMIN#${adminId}`, SK: 'ADMIN' }),
  /** F8: one window item per subject (shared/data/rate-limits-repo.ts). */
  rateWindow: (scope: string, subject: string): Key => ({ PK: `RATE#${scope}#${subject}`, SK: 'WINDOW' }),
  /** F11: Idempotency-Key records of one route; SK is Powertools' hashed key (`<routeId>#<hash>`). */
  idempotencyPartition: (routeId: string): string => `IDEMPOTENCY#${routeId}`,

  property: (propertyId: number): Key => ({ PK: `PROPERTY#${propertyId}`, SK: 'PROPERTY' }),
  propertyPartition: (propertyId: number): string => `PROPERTY#${propertyId}`,
  image: (propertyId: number, order: number, pictureId: number): Key => ({
    PK: `PROPERTY#${propertyId}`,
    SK: `IMAGE#${pad(order, 6)}#${pad(pictureId)}`,
  }),
  imagePrefix: 'IMAGE#',
  /**
   * P9/P10: a property's per-day items share the `DAY#<date>#` prefix, so one Query of a date range reads a
   * stay's (or a calendar's) claims and day prices together: `DAY#<date>#NIGHT#<unit>`, `DAY#<date>#PRICE`.
   */
  dayPrice: (propertyId: number, date: string): Key => ({
    PK: `PROPERTY#${propertyId}`,
    SK: `DAY#${date}#PRICE`,
  }),
  /** One unit of one night, claimed by a reservation or block with attribute_not_exists. */
  nightClaim: (propertyId: number, date: string, unit: number): Key => ({
    PK: `PROPERTY#${propertyId}`,
    SK: `DAY#${date}#NIGHT#${pad(unit, 3)}`,
  }),
  /** The sort-key range of every per-day item from `first` to `last` (both inclusive; '~' sorts after all). */
  dayRange: (first: string, last: string): [string, string] => [`DAY#${first}#`, `DAY#${last}#~`],
  /** R1: a reservation (or admin block). */
  reservation: (reservationId: number): Key => ({ PK: `RESERVATION#${reservationId}`, SK: 'RESERVATION' }),
  /** R9: a live hold's expiry entry (an unpaid website booking), in the holds index until it ends. */
  hold: (reservationId: number): Key => ({ PK: `HOLD#${reservationId}`, SK: 'HOLD' }),
  /** R5: a booking order. */
  order: (orderId: number): Key => ({ PK: `ORDER#${orderId}`, SK: 'ORDER' }),
  /** R7: a coupon, by its upper-case code (codes match whatever their case). */
  coupon: (codeKey: string): Key => ({ PK: `COUPON#${codeKey}`, SK: 'COUPON' }),
  // Tenants, leases, applications (docs/data-model.md T1–T6, L1–L2, A1–A3; docs/tenants.md).
  /** T1: the tenant record. */
  tenant: (tenantId: number): Key => ({ PK: `TENANT#${tenantId}`, SK: 'TENANT' }),
  /** T4: an activation token, by the SHA-256 of the secret sent in the e-mail; single use, TTL. */
  activation: (tokenHash: string): Key => ({ PK: `ACTIVATION#${tokenHash}`, SK: 'ACTIVATION' }),
  /** T9: an account's live password-reset token (one at a time; its SHA-256, and sealed for the mail job), TTL. */
  passwordReset: (tenantId: number): Key => ({ PK: `PWRESET#${tenantId}`, SK: 'PWRESET' }),
  /** T10: an account's live claim of a guest record's stays (one at a time, like T9), TTL. */
  guestClaim: (tenantId: number): Key => ({ PK: `GUESTCLAIM#${tenantId}`, SK: 'GUESTCLAIM' }),
  /** L1: a lease. */
  lease: (leaseId: number): Key => ({ PK: `LEASE#${leaseId}`, SK: 'LEASE' }),
  /** L4: the days each lease of a property covers, versioned: its leases never overlap (leases-repo.ts). */
  leaseSpans: (propertyId: number): Key => ({ PK: `LEASESPANS#${propertyId}`, SK: 'LEASESPANS' }),
  /** L6: what the rent run has charged of a lease (docs/rent-cycle.md), beside the lease. */
  rentState: (leaseId: number): Key => ({ PK: `LEASE#${leaseId}`, SK: 'RENTSTATE' }),
  /** L8: a RENT invoice the run watches for late fees (sparse in GSI1 while it may still owe one). */
  lateFeeWatch: (rentInvoiceId: number): Key => ({ PK: `LATEWATCH#${rentInvoiceId}`, SK: 'LATEWATCH' }),
  /** L7: one lease's rent of one month is charged (a guard: exactly one RENT invoice per lease and month). */
  rentCharge: (leaseId: number, month: string): Key => ({
    PK: `RENTCHARGE#${leaseId}#${month}`,
    SK: 'RENTCHARGE',
  }),
  /** A1: a lease application. */
  application: (applicationId: number): Key => ({ PK: `APPLICATION#${applicationId}`, SK: 'APPLICATION' }),
  /** The KMS-wrapped data key of field encryption (shared/crypto/key-source.ts). */
  dataKey: (name: string): Key => ({ PK: `DATAKEY#${name}`, SK: 'DATAKEY' }),

  // Website content (docs/data-model.md C1–C7; docs/content.md).
  /** C1: the CMS block set, one row. */
  contentBlocks: (): Key => ({ PK: 'CONTENT', SK: 'BLOCKS' }),
  /** C2–C7: one content record, e.g. `PAGE#12 / PAGE`; `entity` is the kind's key prefix. */
  contentRecord: (entity: string, id: number): Key => ({ PK: `${entity}#${id}`, SK: entity }),

  // Contact, newsletter, CAPTCHA (docs/data-model.md C8–C10; docs/contact-and-captcha.md).
  /** C8: a contact message. */
  message: (messageId: number): Key => ({ PK: `MESSAGE#${messageId}`, SK: 'MESSAGE' }),
  /** C8: a lead (a message that left a phone number). */
  lead: (leadId: number): Key => ({ PK: `LEAD#${leadId}`, SK: 'LEAD' }),
  /** C9: one subscriber per lowercase e-mail, so a repeated signup finds the first. */
  subscriber: (emailLower: string): Key => ({ PK: `SUBSCRIBER#${emailLower}`, SK: 'SUBSCRIBER' }),
  /** C10: a built-in CAPTCHA token already answered (single use), TTL until the token expires. */
  captchaUse: (tokenHash: string): Key => ({ PK: `CAPTCHA#${tokenHash}`, SK: 'CAPTCHA' }),

  // Audit log and jobs (docs/data-model.md "Changes and audit", docs/jobs.md).
  /** AU1: one audit entry, keyed by the change id (a change delivered twice is one entry). */
  auditEntry: (entryId: string): Key => ({ PK: `AUDIT#${entryId}`, SK: 'AUDIT' }),
  /** AU4: the months that hold entries, one item each (a bounded list: twelve a year). */
  auditMonth: (month: string): Key => ({ PK: 'AUDITMONTHS', SK: month }),
  auditMonthsPartition: 'AUDITMONTHS',
  /** A stream record a job gave up on after its last try (the cloud's retry sweep and the local runner). */
  jobFailure: (jobId: string, failedAt: string, eventId: string): Key => ({
    PK: `JOBFAILURE#${jobId}`,
    SK: `${failedAt}#${eventId}`,
  }),
  jobFailurePartition: (jobId: string): string => `JOBFAILURE#${jobId}`,
  /** JR1: a stream record waiting on its job's retry path (cloud), in stream order (`order`: jobRetryOrder). */
  jobRetry: (jobId: string, order: string): Key => ({ PK: `JOBRETRY#${jobId}`, SK: order }),
  jobRetryPartition: (jobId: string): string => `JOBRETRY#${jobId}`,

  // Housekeeping and accounting (docs/data-model.md H1–H4, X1–X2; docs/housekeeping.md, docs/accounting.md).
  /** H1: a housekeeping request. */
  housekeepingRequest: (requestId: number): Key => ({ PK: `HKREQ#${requestId}`, SK: 'HKREQ' }),
  /** The turnover of a reservation: one guard item naming its request, so a repeated delivery finds it. */
  turnover: (reservationId: number): Key => ({ PK: `TURNOVER#${reservationId}`, SK: 'TURNOVER' }),
  /** X1: an accounting OAuth `state`, single use, TTL 10 minutes. */
  oauthState: (state: string): Key => ({ PK: `OAUTHSTATE#${state}`, SK: 'OAUTHSTATE' }),
  /** X2: the accounting connection's tokens (encrypted). */
  accountingTokens: (): Key => ({ PK: 'INTEGRATION#accounting', SK: 'TOKENS' }),
  /** X3: the accounting mapping (`MAPPING`), the sync's run lease (`SYNCRUN`), a back-fill under way (`BACKFILL`). */
  accountingSetting: (what: 'MAPPING' | 'SYNCRUN' | 'BACKFILL'): Key => ({
    PK: 'INTEGRATION#accounting',
    SK: what,
  }),
  /** X4: one record's sync state in one QuickBooks company. */
  accountingSync: (realmId: string, recordType: string, recordId: string): Key => ({
    PK: `ACCTSYNC#${realmId}#${recordType}#${recordId}`,
    SK: 'ACCTSYNC',
  }),
  /** X5: the QuickBooks ids of a company's accounts, items, classes found or made by name (`<Entity>#<name>`). */
  accountingRefPartition: (realmId: string): string => `ACCTREF#${realmId}`,
  accountingRef: (realmId: string, entity: string, name: string): Key => ({
    PK: `ACCTREF#${realmId}`,
    SK: `${entity}#${name}`,
  }),

  // Stripe card payments (docs/data-model.md I7, I8; docs/payments.md).
  /** I7: a Stripe event id, put-if-absent in the transaction of its effect, so each event acts once. */
  stripeEvent: (eventId: string): Key => ({ PK: `STRIPEEVENT#${eventId}`, SK: 'STRIPEEVENT' }),
  /** I8: a PaymentIntent → its invoice, with the cents it settled and refunded so far. */
  paymentIntent: (paymentIntentId: string): Key => ({ PK: `INTENT#${paymentIntentId}`, SK: 'INTENT' }),

  // Outbound webhooks (docs/webhooks.md, docs/data-model.md "Outbound webhooks").
  /** W1: a webhook subscription. */
  webhookSubscription: (subscriptionId: number): Key => ({
    PK: `WEBHOOKSUB#${subscriptionId}`,
    SK: 'WEBHOOKSUB',
  }),
  /** W2: one event's delivery to one subscription, keyed by its webhook-id (`msg_<changeId>_<subscriptionId>`). */
  webhookDelivery: (deliveryId: string): Key => ({ PK: `WEBHOOKDELIVERY#${deliveryId}`, SK: 'DELIVERY' }),
  /** An outbox change (docs/data-model.md "Changes and audit"). */
  change: (changeId: string): Key => ({ PK: `CHANGE#${changeId}`, SK: 'CHANGE' }),
  /** M1: a message of the message log, by its cause and kind (docs/messages.md). */
  mailMessage: (messageId: string): Key => ({ PK: `MAIL#${messageId}`, SK: 'MAIL' }),
  /** M5: a pending message's next try, in the due index until it is sent or failed. */
  mailDue: (messageId: string): Key => ({ PK: `MAILDUE#${messageId}`, SK: 'MAILDUE' }),

  // Money documents with their lines, payments and journal entries (docs/data-model.md I1, I5, I6, E1;
  // docs/money.md). All live in their document's partition (`INVOICE#<id>` or `EXPENSE#<id>`), so a document,
  // its lines, payments and journal are one Query.
  /**
   * I1/E1: the header of an invoice (`INVOICE#<id> / INVOICE`) or an expense (`EXPENSE#<id> / EXPENSE`); its
   * lines (`LINE#<pad n>`), payments and journal entries share its partition.
   */
  moneyDocument: (documentType: 'invoice' | 'expense', documentId: number): Key => {
    const kind = documentType === 'invoice' ? 'INVOICE' : 'EXPENSE';
    return { PK: `${kind}#${documentId}`, SK: kind };
  },
  moneyDocumentLine: (documentType: 'invoice' | 'expense', documentId: number, lineNo: number): Key => ({
    PK: keys.moneyDocumentPartition(documentType, documentId),
    SK: `LINE#${pad(lineNo, 4)}`,
  }),
  moneyDocumentPartition: (documentType: 'invoice' | 'expense', documentId: number): string =>
    keys.moneyDocument(documentType, documentId).PK,
  linePrefix: 'LINE#',
  /** A settled payment or refund on a document. */
  payment: (documentType: 'invoice' | 'expense', documentId: number, paymentId: number): Key => ({
    PK: keys.moneyDocumentPartition(documentType, documentId),
    SK: `PAYMENT#${pad(paymentId)}`,
  }),
  paymentPrefix: 'PAYMENT#',
  /** A journal entry of a document. */
  journalEntry: (documentType: 'invoice' | 'expense', documentId: number, entryId: number): Key => ({
    PK: keys.moneyDocumentPartition(documentType, documentId),
    SK: `JOURNAL#${pad(entryId)}`,
  }),
  journalPrefix: 'JOURNAL#',
  /**
   * The deposit migration's mark on a DEPOSIT invoice (docs/money.md "The deposit migration"): written once,
   * with the invoice's re-posting, so a second run leaves the invoice alone.
   */
  depositMigrationMark: (invoiceId: number): Key => ({
    PK: keys.moneyDocumentPartition('invoice', invoiceId),
    SK: 'MIGRATED#depositsHeld',
  }),
  /**
   * O1: a property's owner account (docs/data-model.md "Owner account"; docs/reports.md): per month
   * `<YYYY-MM>#cash` (the sums of its cash entries), `<YYYY-MM>#charge#<pad entryId>` (each charge to the owner)
   * and `<YYYY-MM>#fee` (the month's management fee once charged), so an opening balance is one Query of
   * small items, a few per month, never the journal's history.
   */
  ownerAccountPartition: (propertyId: number): string => `OWNERACCOUNT#${propertyId}`,
  ownerAccountCash: (propertyId: number, month: string): Key => ({
    PK: keys.ownerAccountPartition(propertyId),
    SK: `${month}#cash`,
  }),
  ownerAccountCharge: (propertyId: number, month: string, entryId: number): Key => ({
    PK: keys.ownerAccountPartition(propertyId),
    SK: `${month}#charge#${pad(entryId)}`,
  }),
  ownerAccountFee: (propertyId: number, month: string): Key => ({
    PK: keys.ownerAccountPartition(propertyId),
    SK: `${month}#fee`,
  }),
  /** The sort-key bound after every item of a month (`~` sorts after `#cash`, `#charge…`, `#fee`). */
  ownerAccountMonthEnd: (month: string): string => `${month}#~`,

  // Channel webhook and integration conflicts (docs/data-model.md "Channel and conflicts"; docs/channel.md).
  /** K1: a channel reservation → our reservation id, put-if-absent in the reservation's transaction. */
  channelReservation: (channel: string, channelReservationId: string): Key => ({
    PK: `CHANNELRES#${channel}#${channelReservationId}`,
    SK: 'CHANNELRES',
  }),
  /** K2: a stay an integration (channel, iCal) could not take, by `<source>#<its own reference>`. */
  conflict: (conflictId: string): Key => ({ PK: `CONFLICT#${conflictId}`, SK: 'CONFLICT' }),

  // iCal sync (docs/data-model.md "iCal", docs/ical.md).
  /** IC1: an imported feed with its health; its imported events share its partition. */
  icalFeed: (feedId: number): Key => ({ PK: `ICALFEED#${feedId}`, SK: 'FEED' }),
  icalFeedPartition: (feedId: number): string => `ICALFEED#${feedId}`,
  /** IC2: one imported event (or part of a long one) of a feed, by the SHA-256 of its UID key. */
  icalEvent: (feedId: number, keyHash: string): Key => ({ PK: `ICALFEED#${feedId}`, SK: `EVENT#${keyHash}` }),
  icalEventPrefix: 'EVENT#',
  /** IC3: a property's export token (its SHA-256 for the public check, sealed for admins). */
  icalExportToken: (propertyId: number): Key => ({ PK: `PROPERTY#${propertyId}`, SK: 'ICALEXPORT' }),
  /** I10: an invoice's latest PaymentIntent (id, amount, currency), in the invoice's partition (I1). */
  invoiceLatestIntent: (invoiceId: number): Key => ({ PK: `INVOICE#${invoiceId}`, SK: 'LATESTINTENT' }),
  /** I9: an invoice's payment-link token (its hash, and sealed for staff), in the invoice's partition. */
  payToken: (invoiceId: number): Key => ({
    PK: keys.moneyDocumentPartition('invoice', invoiceId),
    SK: 'PAYTOKEN',
  }),
} as const;

/** Overloaded GSI partition/sort values, one builder per access pattern. */
export const indexKeys = {
  // Accounting sync (X4), each spread over a few shards: the due records by time, the states by status or all.
  accountingDue: (realmId: string, recordType: string, recordId: string) =>
    shardedLists.accountingDue(realmId).partitionOf(syncShardId(recordType, recordId)),
  accountingDuePartitions: (realmId: string) => shardedLists.accountingDue(realmId).partitions(),
  accountingByStatus: (realmId: string, status: string, recordType: string, recordId: string) =>
    shardedLists.accountingByStatus(realmId, status).partitionOf(syncShardId(recordType, recordId)),
  accountingByStatusPartitions: (realmId: string, status: string) =>
    shardedLists.accountingByStatus(realmId, status).partitions(),
  accountingAll: (realmId: string, recordType: string, recordId: string) =>
    shardedLists.accountingAll(realmId).partitionOf(syncShardId(recordType, recordId)),
  accountingAllPartitions: (realmId: string) => shardedLists.accountingAll(realmId).partitions(),
  accountingOrder: (time: string, recordType: string, recordId: string) =>
    `${time}#${recordType}#${recordId}`,
  /** GSI1: every property of a kind, by id (admin list). */
  propertiesByType: (type: string) => `PROPS#${type}`,
  propertyById: (propertyId: number) => pad(propertyId),
  /** GSI2: a landlord's properties (landlord-scoped admin reads). */
  propertiesByLandlord: (adminId: number) => `LANDLORD#${adminId}`,
  /** GSI3 (sparse, only while on the website and not archived): the public catalog, featured first, then by name. */
  catalog: (type: string) => `CATALOG#${type}`,
  catalogOrder: (isFeatured: boolean, name: string, propertyId: number) =>
    `${isFeatured ? '0' : '1'}#${name.toLowerCase().slice(0, 100)}#${pad(propertyId)}`,
  /** GSI1: all images of one kind of property (the all-VR-images endpoint). */
  imagesByType: (type: string) => `IMAGES#${type}`,
  imageOrder: (propertyId: number, order: number, pictureId: number) =>
    `${pad(propertyId)}#${pad(order, 6)}#${pad(pictureId)}`,
  /** GSI1: a property's reservations by check-out date (archive rule, occupancy). */
  reservationsByProperty: (propertyId: number) => `PROPRES#${propertyId}`,
  reservationCheckout: (dateTo: string, reservationId: number) => `${dateTo}#${pad(reservationId)}`,
  /** GSI2 (R3): a tenant's reservations; GSI3 (R4): every reservation; both by stay start. */
  reservationsByTenant: (tenantId: number) => `TENANTRES#${tenantId}`,
  reservationsAll: () => 'RESERVATIONS',
  /** R9: every live hold by the time it runs out (GSI1). */
  holds: () => 'HOLDS',
  holdOrder: (holdUntil: string, reservationId: number) => `${holdUntil}#${pad(reservationId)}`,
  reservationStart: (dateFrom: string, reservationId: number) => `${dateFrom}#${pad(reservationId)}`,
  /** GSI1 (R7): every coupon by code (admin list; bounded by the site's own coupons). */
  coupons: () => 'COUPONS',
  /** GSI1 (I2): every invoice by date, spread by id; GSI2 (I3): a tenant's; GSI3 (I4): a property's. */
  invoices: (invoiceId: number) => shardedLists.invoices.partitionOf(invoiceId),
  invoicesPartitions: () => shardedLists.invoices.partitions(),
  invoicesByTenant: (tenantId: number) => `TENANTINV#${tenantId}`,
  invoicesByProperty: (propertyId: number) => `PROPINV#${propertyId}`,
  /** GSI1 (E2): every expense by date; GSI2 (E3): a property's. */
  expenses: () => 'EXPENSES',
  expensesByProperty: (propertyId: number) => `PROPEXP#${propertyId}`,
  /** The sort key of I2–I4 and E2–E3: the document's date, then its id. */
  documentOrder: (date: string, documentId: number) => `${date}#${pad(documentId)}`,
  /** GSI1: admins by id. */
  admins: () => 'ADMINS',

  // Tenants, leases, applications.
  /** GSI1 (T3): every tenant by id (admin list). */
  tenants: () => 'TENANTS',
  tenantById: (tenantId: number) => pad(tenantId),
  /** GSI1 (L2): a tenant's leases; `active#…` first by key, newest start last. */
  leasesByTenant: (tenantId: number) => `TENANTLEASE#${tenantId}`,
  leaseOrder: (status: string, startDate: string, leaseId: number) =>
    `${status}#${startDate}#${pad(leaseId)}`,
  /** GSI1 (L8): the watched RENT invoices of a shard by their first late day. */
  lateFeeWatchShard: (shard: number) => shardedLists.rentLate.partition(shard),
  lateFeeWatchOrder: (firstLateDay: string, invoiceId: number) => `${firstLateDay}#${pad(invoiceId)}`,
  /** GSI2 (L3): a property's leases, by tenant (landlord-scoped tenant reads). */
  leasesByProperty: (propertyId: number) => `PROPLEASE#${propertyId}`,
  leaseByTenant: (tenantId: number, leaseId: number) => `${pad(tenantId)}#${pad(leaseId)}`,
  /** GSI3 (L5): every lease, by start date (the admin list without a property or tenant filter). */
  leases: () => 'LEASES',
  leaseStart: (startDate: string, leaseId: number) => `${startDate}#${pad(leaseId)}`,
  /** GSI1 (A3): every application, by creation time; GSI2 (A4): a property's applications. */
  applications: () => 'APPLICATIONS',
  applicationsByProperty: (propertyId: number) => `PROPAPP#${propertyId}`,
  applicationOrder: (createdAt: string, applicationId: number) => `${createdAt}#${pad(applicationId)}`,

  // Website content (C3–C7): the sparse public lists hold active records only, in website order.
  /** GSI1: a kind's active records, e.g. `PAGES#active` (reviews: `REVIEWS`, as C4 names it). */
  contentActive: (listName: string) => listName,
  /** GSI2: a parent's active records: `PROPREVIEWS#<propertyId>`, `POSTCAT#<categoryId>`, `ATTRCAT#<categoryId>`. */
  contentByParent: (prefix: string, parentId: number) => `${prefix}#${parentId}`,
  /** GSI3: every record of a content kind, active or not, by id (admin lists; bounded by the site's own content). */
  contentAll: (kind: string) => `CONTENTALL#${kind}`,
  contentById: (id: number) => pad(id),

  // Contact (C8, C9): admin lists, newest first (queried with ScanIndexForward=false).
  /** GSI1: `MESSAGES`, `LEADS`, `SUBSCRIBERS`. */
  contactList: (list: 'MESSAGES' | 'LEADS' | 'SUBSCRIBERS') => list,
  contactOrder: (createdAt: string, id: number) => `${createdAt}#${pad(id)}`,

  // Audit log (AU2–AU4): newest first with ScanIndexForward=false; sort key `<at>#<entryId>` (auditOrder).
  /** GSI1 (AU2): one record's entries. */
  auditByRecord: (recordType: string, recordId: string) => `AUDITREC#${recordType}#${recordId}`,
  /**
   * GSI2 (AU3): one actor's entries (`admin:3`, `system:stripe` …), spread by entry id: a system actor makes
   * one per charge of a rent run.
   */
  auditByActor: (actor: string, entryId: string) => shardedLists.auditByActor(actor).partitionOf(entryId),
  auditByActorPartitions: (actor: string) => shardedLists.auditByActor(actor).partitions(),
  /** GSI3 (AU4): every entry of one UTC month (no partition grows without bound), spread by entry id. */
  auditByMonth: (month: string, entryId: string) => shardedLists.auditByMonth(month).partitionOf(entryId),
  auditByMonthPartitions: (month: string) => shardedLists.auditByMonth(month).partitions(),

  // Housekeeping (H2–H4): by request date, `<requestDate>#<pad id>`.
  /** GSI1 (H2): every request. */
  housekeepingRequests: () => 'HKREQS',
  /** GSI2 (H3, sparse: only while assigned): a housekeeper's requests. */
  housekeepingByAssignee: (adminId: number) => `HKASSIGNED#${adminId}`,
  /** GSI3 (H4): a property's requests. */
  housekeepingByProperty: (propertyId: number) => `PROPHK#${propertyId}`,
  housekeepingOrder: (requestDate: string, requestId: number) => `${requestDate}#${pad(requestId)}`,

  // Outbound webhooks (W3–W6; docs/webhooks.md).
  /** GSI1 (W3): every subscription by id (a short list: the site's own integrations). */
  webhookSubscriptions: () => 'WEBHOOKSUBS',
  /**
   * GSI1 (W4): a subscription's deliveries; GSI2 (W5): of one status; newest first by `<createdAt>#<deliveryId>`.
   * Spread by delivery id: a subscription to `invoice.created` takes a delivery per charge of a rent run.
   */
  webhookDeliveriesBySubscription: (subscriptionId: number, deliveryId: string) =>
    shardedLists.webhookDeliveriesBySubscription(subscriptionId).partitionOf(deliveryId),
  webhookDeliveriesBySubscriptionPartitions: (subscriptionId: number) =>
    shardedLists.webhookDeliveriesBySubscription(subscriptionId).partitions(),
  webhookDeliveriesByStatus: (subscriptionId: number, status: string, deliveryId: string) =>
    shardedLists.webhookDeliveriesByStatus(subscriptionId, status).partitionOf(deliveryId),
  webhookDeliveriesByStatusPartitions: (subscriptionId: number, status: string) =>
    shardedLists.webhookDeliveriesByStatus(subscriptionId, status).partitions(),
  webhookDeliveryOrder: (createdAt: string, deliveryId: string) => `${createdAt}#${deliveryId}`,
  /**
   * GSI3 (W6, sparse: pending deliveries only): by the time of their next attempt. Every new delivery is pending
   * while its first attempt runs, so it is spread by delivery id like W4.
   */
  webhookDue: (deliveryId: string) => shardedLists.webhookDue.partitionOf(deliveryId),
  webhookDuePartitions: () => shardedLists.webhookDue.partitions(),
  webhookDueOrder: (nextAttemptAt: string, deliveryId: string) => `${nextAttemptAt}#${deliveryId}`,

  // The message log (M2–M5; docs/messages.md), each list newest first by `<createdAt>#<messageId>`.
  /** GSI1 (M2): the messages about one record. */
  mailByRecord: (recordType: string, recordId: string) => `MAILREC#${recordType}#${recordId}`,
  /** GSI2 (M3): the messages to one address (lower case). */
  mailByRecipient: (to: string) => `MAILTO#${to.toLowerCase()}`,
  /** GSI3 (M4): every message, spread by its id (reads merge the partitions; the first of the month's mail). */
  mailAll: (messageId: string) => shardedLists.mailAll.partitionOf(messageId),
  /** Every partition of M4 (docs/data-model.md "Messages"). */
  mailAllPartitions: () => shardedLists.mailAll.partitions(),
  mailOrder: (createdAt: string, messageId: string) => `${createdAt}#${messageId}`,
  /** GSI1 of the due entries (M5): pending messages by the time of their next try, spread like M4. */
  mailDue: (messageId: string) => shardedLists.mailDue.partitionOf(messageId),
  mailDuePartitions: () => shardedLists.mailDue.partitions(),
  mailDueOrder: (nextAttemptAt: string, messageId: string) => `${nextAttemptAt}#${messageId}`,

  // Money (I5, the owner statement): payments by settled date, journal entries of a property by date.
  /** GSI1 (I5): every settled payment and refund by date (income report), spread by the payment's id. */
  settledPayments: (paymentId: number) => shardedLists.settledPayments.partitionOf(paymentId),
  settledPaymentsPartitions: () => shardedLists.settledPayments.partitions(),
  /** GSI2: a property's settled payments by date (income report with propertyId). */
  paymentsByProperty: (propertyId: number) => `PROPPAY#${propertyId}`,
  paymentOrder: (date: string, paymentId: number) => `${date}#${pad(paymentId)}`,
  /** GSI3: a property's journal entries by date (owner statement: a month as the key range). */
  ledgerByProperty: (propertyId: number) => `PROPLEDGER#${propertyId}`,
  ledgerOrder: (date: string, entryId: number) => `${date}#${pad(entryId)}`,

  // Integration conflicts (K3): every conflict, channel and iCal, by detection time.
  /** GSI1 (K3): every conflict; sort key `<detectedAt>#<conflictId>`. */
  conflicts: () => 'CONFLICTS',
  conflictOrder: (detectedAt: string, conflictId: string) => `${detectedAt}#${conflictId}`,

  // iCal sync (IC4): every feed by id (a short list: the site's own channel calendars).
  icalFeeds: () => 'ICALFEEDS',
} as const;
