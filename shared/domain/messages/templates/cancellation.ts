/** A booking made with us was cancelled (by the guest's request, by staff, or through the channel). */
import type { MailSite } from '../format.js';
import { compose, facts, note, paragraph, type RenderedMail } from '../layout.js';
import { greeting, type PropertyFacts, type StayFacts, stayRows } from './stay.js';

export interface Cancellation {
  stay: StayFacts;
  property: PropertyFacts;
  cancellationPolicy: string;
}

export function cancellation(site: MailSite, m: Cancellation): RenderedMail {
  return compose(site, `Your booking at ${m.property.name} is cancelled (#${m.stay.reservationId})`, [
    paragraph(greeting(m.stay)),
    paragraph('your booking below is cancelled; its nights are no longer reserved for you.'),
    facts(stayRows(site, m.stay, m.property)),
    paragraph(
      `Any refund of what you paid follows the cancellation policy. Questions? Reply to this e-mail or contact ${site.name}.`,
    ),
    ...(m.cancellationPolicy.trim() ? [note('Cancellation policy', m.cancellationPolicy)] : []),
  ]);
}
