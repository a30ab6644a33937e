/**
 * The payload every webhook carries, as a schema (DESIGN.md "Outbound webhooks"): `{id, type, timestamp,
 * data, previous?}` where `data` is the record of the event type's own schema (functions/registry.ts
 * WEBHOOK_PAYLOADS). The OpenAPI document's `webhooks` section and the tests' check of every payload they
 * receive are made from it.
 */
import * as v from 'valibot';

export function webhookPayloadSchema<S extends v.GenericSchema>(type: string, data: S) {
  return v.object({
    id: v.pipe(v.string(), v.regex(/^evt_[0-9a-z]{8,40}$/, 'must be evt_<change id>')),
    type: v.literal(type),
    timestamp: v.pipe(v.string(), v.isoTimestamp('must be an ISO-8601 time')),
    data,
    /** The changed fields' values before the change, on a change of an existing record. */
    previous: v.optional(v.record(v.string(), v.unknown())),
  });
}
