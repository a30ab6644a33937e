/**
 * The OpenAPI 3.1 `webhooks` section (DESIGN.md "Outbound webhooks"): one entry per event type a subscription
 * may ask for, whose request body is the payload we send (shared/domain/webhooks/payload-schema.ts) with the
 * event's record as `data` (functions/registry.ts WEBHOOK_PAYLOADS). Deliveries follow Standard Webhooks.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { webhookPayloadSchema } from '../shared/domain/webhooks/payload-schema.js';
import type { AnySchema } from '../shared/http/route.js';

export const WEBHOOKS_TAG = {
  name: 'Outbound webhooks',
  description:
    'What a subscription (Admin webhooks) receives: a POST per event, signed with Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried after about 5 s, 1 min, 10 min, 1 h, 6 h and 24 h until it answers 2xx. `data` is the record as the admin API shows it after the change; `previous`, on a change of an existing record, the changed fields before it.',
};

const SIGNATURE_HEADERS = [
  [
    'webhook-id',
    'msg_<change id>_<subscription id>: the same on a retry or replay, so a receiver can drop repeats',
  ],
  ['webhook-timestamp', 'Seconds since the epoch when this attempt was signed'],
] as const;

/** The signature, as the security scheme a receiver checks (the `standardwebhooks` package does). */
export const WEBHOOK_SIGNATURE = {
  type: 'apiKey',
  in: 'header',
  name: 'webhook-signature',
  description:
    'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" with the subscription secret (whsec_…)>`.',
} as const;

export function webhooksSection(payloads: Readonly<Record<string, AnySchema>>) {
  return Object.fromEntries(
    Object.entries(payloads).map(([event, data]) => {
      const schema = toJsonSchema(webhookPayloadSchema(event, data as v.GenericSchema), {
        errorMode: 'ignore',
        typeMode: 'output',
      }) as Record<string, unknown>;
      delete schema.$schema;
      return [
        event,
        {
          post: {
            operationId: `webhook.${event}`,
            summary: `Sent on ${event}`,
            tags: [WEBHOOKS_TAG.name],
            security: [{ webhookSignature: [] }],
            parameters: SIGNATURE_HEADERS.map(([name, description]) => ({
              name,
              in: 'header',
              required: true,
              description,
              schema: { type: 'string' },
            })),
            requestBody: { required: true, content: { 'application/json': { schema } } },
            responses: {
              '200': { description: 'Received: any 2xx ends the retries' },
              '500': { description: 'Any other answer (or none within 10 s) is retried' },
            },
          },
        },
      ];
    }),
  );
}
