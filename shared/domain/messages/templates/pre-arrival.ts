/** A few days before check-in (settings `preArrivalDays`): the stay, the address and the property's check-in instructions. */
import { day, type MailSite } from '../format.js';
import { compose, facts, note, paragraph, type RenderedMail } from '../layout.js';
import { greeting, type PropertyFacts, type StayFacts, stayRows } from './stay.js';

export interface PreArrival {
  stay: StayFacts;
  property: PropertyFacts;
  /** The property's `checkInInstructions` (admin-only; '' when it has none). */
  checkInInstructions: string;
}

export function preArrival(site: MailSite, m: PreArrival): RenderedMail {
  return compose(site, `Your stay at ${m.property.name} begins ${day(site, m.stay.dateFrom)}`, [
    paragraph(greeting(m.stay)),
    paragraph(`we look forward to welcoming you. Check-in opens at ${site.checkInTime}.`),
    facts(stayRows(site, m.stay, m.property)),
    m.checkInInstructions.trim()
      ? note('Check-in instructions', m.checkInInstructions)
      : paragraph(`${site.name} will tell you how to get in before you arrive.`),
  ]);
}
