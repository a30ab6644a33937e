/** An unpaid booking's hold ran out: the nights are released, nothing was charged, and how to book again. */
import type { MailSite } from '../format.js';
import { action, compose, facts, paragraph, type RenderedMail } from '../layout.js';
import { greeting, type PropertyFacts, type StayFacts, stayRows } from './stay.js';

export interface HoldExpired {
  stay: StayFacts;
  property: PropertyFacts;
}

export function holdExpired(site: MailSite, m: HoldExpired): RenderedMail {
  return compose(site, `Your booking at ${m.property.name} was not completed (#${m.stay.reservationId})`, [
    paragraph(greeting(m.stay)),
    paragraph(
      'the time to pay for this booking has run out, so it was cancelled and its nights were released. Nothing was charged.',
    ),
    facts(stayRows(site, m.stay, m.property)),
    paragraph('If you still want to stay, book again: the dates may still be free.'),
    ...(site.siteUrl ? [action('Book again', site.siteUrl)] : []),
  ]);
}
