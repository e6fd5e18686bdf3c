/**
 * Sending an estimate (the `sendSalesEstimate` contract; ADR 21): one email through the outbox to the
 * contact or the address given, greeting the contact, with the total, the validity, the shop's message and
 * the estimate's PDF attached (`estimatePdf`).
 */
import type { Estimate } from '@hosewright/domain';
import type { PdfFile } from '../assemblies/documents.ts';
import type { Mailer, MailMessage, SentMail } from '../mail/mailer.ts';
import type { Shop } from '../organization/shop.ts';
import { formatEstimateMoney } from './documents.ts';

export interface EstimateEmail {
  estimate: Estimate;
  shop: Shop;
  /** `estimatePdf` of the same estimate. */
  pdf: PdfFile;
  to: string;
  /** The shop's own words, printed after the summary; empty for none. */
  message: string;
}

/** The email itself: subject 'Estimate SE-00012 from Alpha Hydraulics', the text, the PDF. */
export function estimateEmail({ estimate, shop, pdf, to, message }: EstimateEmail): MailMessage {
  const title = estimate.revision > 1 ? `${estimate.number} rev ${estimate.revision}` : estimate.number;
  const from = shop.name.trim();
  const greeting = estimate.contact?.name.trim() ? `Hello ${estimate.contact.name.trim()},` : 'Hello,';
  const total = `${formatEstimateMoney(estimate.total, estimate.currency)} ${estimate.currency}`;
  const lines = [
    greeting,
    '',
    `Please find attached our estimate ${title}${estimate.description ? ` for ${estimate.description}` : ''}.`,
    '',
    `Total: ${total}`,
    ...(estimate.validUntil ? [`Valid until: ${estimate.validUntil}`] : []),
    ...(message.trim() ? ['', message.trim()] : []),
    '',
    ...(from ? ['Thank you,', from] : ['Thank you.']),
    '',
  ];
  return {
    to,
    subject: from ? `Estimate ${title} from ${from}` : `Estimate ${title}`,
    text: lines.join('\n'),
    attachments: [{ filename: pdf.fileName, contentType: 'application/pdf', content: pdf.data }],
  };
}

/** Sends the estimate's email; delivery problems are on the outbox row and the answer, never thrown. */
export function sendEstimateEmail(mailer: Mailer, email: EstimateEmail): Promise<SentMail> {
  return mailer.send(estimateEmail(email));
}
