/**
 * The shop as the documents that leave it print it (issue 18): its name, address, phone, email, logo and
 * terms, from the organisation and its settings, and the block that draws them at the top of a PDF. The
 * estimate, the kit PDF and the spec sheet use both; pdfkit with its built-in Helvetica like them.
 */
import type { Address } from '@hosewright/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { images, organizationSettings, organizations, warehouses } from '../../db/schema.ts';
import { filledAddressOf } from './service.ts';

/** Who a document is from. */
export interface Shop {
  name: string;
  /**
   * The address lines: the shop's own address (`organization_settings.shop_address`) when one is filled, else
   * the default warehouse's address, when it has one.
   */
  address: string[];
  /** The shop's phone and email (`organization_settings.shop_phone`, `shop_email`); empty when none is kept. */
  phone: string;
  email: string;
  /** The organisation's logo (its picture in `images`) when it is a PNG or JPEG, which PDFs can show. */
  logo: Buffer | null;
  /** The shop's terms for its quotes (`organization_settings.estimate_terms`); empty when none are kept. */
  terms: string;
}

export async function loadShop(tx: Tx, organizationId: string): Promise<Shop> {
  const [[org], [settings], [warehouse], [logo]] = await Promise.all([
    tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)),
    tx
      .select({
        address: organizationSettings.shopAddress,
        phone: organizationSettings.shopPhone,
        email: organizationSettings.shopEmail,
        terms: organizationSettings.estimateTerms,
      })
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, organizationId)),
    tx
      .select({ address: warehouses.address })
      .from(warehouses)
      .where(and(eq(warehouses.organizationId, organizationId), eq(warehouses.isDefault, true))),
    tx
      .select({ contentType: images.contentType, data: images.data })
      .from(images)
      .where(and(eq(images.organizationId, organizationId), eq(images.objectId, organizationId))),
  ]);
  const address = filledAddressOf(settings?.address) ?? filledAddressOf(warehouse?.address);
  return {
    name: org?.name ?? '',
    address: address ? addressLines(address) : [],
    phone: settings?.phone ?? '',
    email: settings?.email ?? '',
    logo: logo && (logo.contentType === 'image/png' || logo.contentType === 'image/jpeg') ? logo.data : null,
    terms: settings?.terms ?? '',
  };
}

/** 'line1', 'line2', 'City, Region Postal code', 'Country', leaving out what is empty. */
function addressLines(a: Address): string[] {
  const place = [[a.city, a.region].filter(Boolean).join(', '), a.postalCode].filter(Boolean).join(' ');
  return [a.line1, a.line2, place, a.country].filter((l): l is string => !!l?.trim());
}

/** Where the shop's block goes: its top left corner, its width and which side its lines keep to. */
export interface ShopBlock {
  x: number;
  y: number;
  width: number;
  align?: 'left' | 'right';
  /** The largest the logo is drawn, in points; 160 × 56 unless told. */
  logo?: [number, number];
}

/**
 * The shop's logo, name, address, phone and email (only those it keeps: no empty 'Phone' line), from
 * `block.y` down. Answers where the block ends.
 */
export function drawShopHeader(doc: PDFKit.PDFDocument, shop: Shop, block: ShopBlock): number {
  const { x, width } = block;
  const align = block.align ?? 'left';
  const [logoWidth, logoHeight] = block.logo ?? [160, 56];
  let y = block.y;
  if (shop.logo) {
    try {
      const fit: [number, number] = [Math.min(logoWidth, width), logoHeight];
      // Kept to the block's side: a logo narrower than its box sits at the box's right edge.
      if (align === 'right') doc.image(shop.logo, x + width - fit[0], y, { fit, align });
      else doc.image(shop.logo, x, y, { fit });
      y += logoHeight + 6;
    } catch {
      // A picture pdfkit cannot read: the shop's name is enough.
    }
  }
  doc.fillColor('#000').font('Helvetica-Bold').fontSize(14).text(shop.name, x, y, { width, align });
  doc.font('Helvetica').fontSize(9);
  const reach = [
    ...(shop.phone ? [`Phone ${shop.phone}`] : []),
    ...(shop.email ? [`Email ${shop.email}`] : []),
  ];
  for (const line of [...shop.address, ...reach]) {
    doc.text(line, x, doc.y, { width, align });
  }
  return doc.y;
}

/** The shop's terms under a 'Terms' heading at `x`, nothing when it keeps none. */
export function drawShopTerms(doc: PDFKit.PDFDocument, terms: string, x: number, width: number): void {
  if (!terms.trim()) return;
  const bottom = doc.page.height - doc.page.margins.bottom;
  doc.moveDown(1.2);
  doc.font('Helvetica').fontSize(8);
  if (doc.y + Math.min(doc.heightOfString(terms, { width }) + 16, 200) > bottom) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#000').text('Terms', x, doc.y, { width });
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#333')
    .text(terms, x, doc.y + 2, { width });
  doc.fillColor('#000');
}
