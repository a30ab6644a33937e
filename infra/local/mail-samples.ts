/**
 * The local mail page shows every kind of message (docs/messages.md): on a first start with the demo data,
 * one sample of each kind (shared/domain/messages/samples.ts, the same the checked-in rendered mails come from)
 * goes to SAMPLES_ADDRESS through the local SES, the owner statement with its PDF attached. Mail the demo's
 * own bookings cause follows from the message jobs like any other.
 */

import { SAMPLE_SITE, SAMPLE_STATEMENT, SAMPLES } from '../../shared/domain/messages/samples.js';
import { ownerStatementPdf } from '../../shared/domain/reports/owner-statement-pdf.js';
import { sendMail } from '../../shared/mail.js';

export const SAMPLES_ADDRESS = 'message-samples@example.com';

export async function sendMailSamples(): Promise<number> {
  const pdf = await ownerStatementPdf(SAMPLE_STATEMENT, {
    businessName: SAMPLE_SITE.name,
    currency: SAMPLE_SITE.currency,
    ownerStatementDay: 3,
  });
  for (const [name, mail] of Object.entries(SAMPLES))
    await sendMail({
      to: SAMPLES_ADDRESS,
      ...mail,
      subject: `[sample: ${name}] ${mail.subject}`,
      ...(name === 'owner-statement'
        ? {
            attachments: [
              { fileName: 'owner-statement-sample.pdf', contentType: 'application/pdf', content: pdf },
            ],
          }
        : {}),
    });
  return Object.keys(SAMPLES).length;
}
