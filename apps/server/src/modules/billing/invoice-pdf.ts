/**
 * An invoice of the billing history as a PDF, made from the stored invoice (test mode: the local provider's
 * invoices have no PDF of Stripe's). pdfkit with its built-in Helvetica, like the other documents
 * (modules/assemblies/documents.ts).
 */
import { PLANS, type Tier } from '@hosewright/domain';
import PDFDocument from 'pdfkit';
import type { billingInvoices } from '../../db/schema.ts';
import { type PdfFile, render, safeFile } from '../assemblies/documents.ts';

type InvoiceRow = typeof billingInvoices.$inferSelect;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** An amount in minor units as `79.00 USD`. */
export function formatAmount(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

export async function invoicePdf(
  invoice: InvoiceRow,
  options: { shopName: string; testMode: boolean },
): Promise<PdfFile> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${invoice.number}` } });
  const plan = PLANS[invoice.tier as Tier]?.label ?? invoice.tier;
  const data = await render(doc, () => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    if (options.testMode) {
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor('#b00020')
        .text('TEST MODE: a test payment; no real card was charged.', left, doc.y, { width });
      doc.moveDown(0.8);
    }
    doc.fillColor('#000').font('Helvetica-Bold').fontSize(20).text('Invoice', left, doc.y, { width });
    doc.font('Helvetica').fontSize(10).text('Hosewright subscription', { width });
    doc.moveDown(1);
    const facts: [string, string][] = [
      ['Invoice number', invoice.number],
      ['Date', day(invoice.issuedAt)],
      ['Billed to', options.shopName],
      ['Status', invoice.status],
    ];
    for (const [label, value] of facts) {
      doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    }
    doc.moveDown(1.2);
    const y = doc.y;
    const columns = [0.55, 0.45].map((share) => share * width);
    doc.font('Helvetica-Bold').text('Description', left, y, { width: columns[0] });
    doc.text('Amount', left + (columns[0] ?? 0), y, { width: columns[1], align: 'right' });
    doc.moveDown(0.4);
    const row = doc.y;
    doc
      .font('Helvetica')
      .text(`${plan} plan, ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`, left, row, {
        width: columns[0],
      });
    doc.text(formatAmount(invoice.amountCents, invoice.currency), left + (columns[0] ?? 0), row, {
      width: columns[1],
      align: 'right',
    });
    doc.moveDown(1);
    doc
      .font('Helvetica-Bold')
      .text(`Total: ${formatAmount(invoice.amountCents, invoice.currency)}`, left, doc.y, {
        width,
        align: 'right',
      });
  });
  return { fileName: `invoice-${safeFile(invoice.number)}.pdf`, data };
}
