/**
 * The channel manager webhook (spec "Integration scripts"; DESIGN.md "Channel webhook"; docs/channel.md).
 */
import { defineRoute } from '../../shared/http/route.js';
import { channelWebhookBody, channelWebhookResponse } from './schemas.js';

export const channelWebhook = defineRoute({
  id: 'channel.webhook',
  group: 'channel',
  tags: ['Channel'],
  method: 'POST',
  path: '/API/channel/webhook.php',
  summary: 'Inbound reservations from the channel manager (created, modified, cancelled)',
  description:
    'Signed with `X-Channel-Signature: sha256=<hex HMAC-SHA256 of the raw body>`; active only while the ' +
    "site's channelEnabled setting is on (404 otherwise). Idempotent by channel + channelReservationId: a " +
    'repeat answers 200 with the same reservationId and changes nothing. A modify that arrives before its ' +
    'create is taken as the create; a cancel twice is 200 both times. A stay with a full night is never ' +
    'overbooked: it is recorded as a conflict (announced as channel.conflict) and answered 409.',
  auth: { kind: 'webhook', verifier: 'channel' },
  body: channelWebhookBody,
  response: channelWebhookResponse,
  errors: {
    400: 'malformed body or X-Channel-Signature header missing or malformed; property not a bookable VR property',
    401: 'the signature does not match the body',
    404: 'the channel integration is off, or a cancel of a reservation the channel never sent',
    409: 'a night of the stay is fully booked: recorded as a conflict, nothing booked',
    503: 'the channel webhook secret is not configured',
  },
});

export const routes = [channelWebhook];
