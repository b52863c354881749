import PDFDocument from 'pdfkit';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { formatCents, t, type CartLine, type CartStoreSummary } from '@tuerca/contracts';
import { Clock, ContextDatabase, ValidationError } from '@tuerca/platform';
import { cartLineOf, storeSummaries } from './cart.rules.js';
import { readCartRows } from './cart-rows.js';

/** How long a cart quotation's prices are offered for (the spec says nothing; three days, as stores quote in Colombia). */
export const QUOTATION_VALIDITY_DAYS = 3;

export interface QuotationPdf {
  fileName: string;
  data: Buffer;
}

/**
 * downloadQuotationInCart: a PDF quotation of the lines to buy (the given ones, else the selected ones) —
 * per store its lines, discount, total and the IVA it includes, the issue date and the validity date, in
 * Spanish. Lines that cannot be bought now (no stock, hidden price, closed quotation) are left out.
 */
export class CartQuotationPdf extends Query<QuotationPdf> {
  constructor(
    readonly owner: string,
    readonly customerName: string | null,
    readonly itemIds?: readonly string[],
  ) {
    super();
  }
}

const BOGOTA = 'America/Bogota';
const day = (d: Date) =>
  new Intl.DateTimeFormat('es-CO', { timeZone: BOGOTA, day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);

@QueryHandler(CartQuotationPdf)
export class CartQuotationPdfHandler implements IQueryHandler<CartQuotationPdf> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ owner, customerName, itemIds }: CartQuotationPdf): Promise<QuotationPdf> {
    const now = this.clock.now();
    const rows = await readCartRows(this.db.em(), { owner, section: 'cart', ids: itemIds });
    const chosen = itemIds ? rows.map((r) => ({ ...r, selected: true })) : rows;
    const lines = chosen.map((r) => cartLineOf(r, now));
    const stores = storeSummaries(chosen, lines);
    if (stores.length === 0) {
      const message = t('quotationPdf.empty');
      throw new ValidationError([message], [{ path: 'itemIds', message }]);
    }
    const validUntil = new Date(now.getTime() + QUOTATION_VALIDITY_DAYS * 24 * 3600 * 1000);
    const data = await renderQuotation({
      issued: now,
      validUntil,
      customerName,
      stores: stores.map((s) => ({ summary: s, lines: lines.filter((l) => l.storeId === s.storeId && l.selected && l.problem === null) })),
    });
    const stamp = now.toISOString().slice(0, 10);
    return { fileName: `cotizacion-tuerca-${stamp}.pdf`, data };
  }
}

interface QuotationDocument {
  issued: Date;
  validUntil: Date;
  customerName: string | null;
  stores: { summary: CartStoreSummary; lines: CartLine[] }[];
}

/** The quotation as an A4 PDF (pdfkit's standard Helvetica covers Spanish accents and ñ). */
export function renderQuotation(q: QuotationDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: t('quotationPdf.title'), Author: 'Tuerca' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = doc.page.margins.left;
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    doc.fillColor('#0d47a1').font('Helvetica-Bold').fontSize(22).text('Tuerca', left, 48);
    doc.fillColor('#000').fontSize(16).text(t('quotationPdf.title'), { align: 'right' });
    doc.moveDown(0.5).font('Helvetica').fontSize(10);
    doc.text(t('quotationPdf.issued', { date: day(q.issued) }));
    doc.font('Helvetica-Bold').text(t('quotationPdf.validUntil', { date: day(q.validUntil) }));
    doc.font('Helvetica');
    if (q.customerName) doc.text(t('quotationPdf.customer', { name: q.customerName }));

    // Columns: product (with its reference), quantity, unit price, discount, total.
    const cols = [
      { key: 'product', w: width * 0.42, align: 'left' as const },
      { key: 'quantity', w: width * 0.08, align: 'right' as const },
      { key: 'unit', w: width * 0.17, align: 'right' as const },
      { key: 'discount', w: width * 0.13, align: 'right' as const },
      { key: 'total', w: width * 0.2, align: 'right' as const },
    ];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      let x = left;
      let bottom = y;
      cells.forEach((text, i) => {
        doc.text(text, x, y, { width: cols[i]!.w - 6, align: cols[i]!.align });
        bottom = Math.max(bottom, doc.y);
        x += cols[i]!.w;
      });
      doc.x = left;
      doc.y = bottom + 4;
      if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
    };

    for (const { summary, lines } of q.stores) {
      doc.moveDown(1.2);
      doc.x = left;
      doc
        .font('Helvetica-Bold')
        .fontSize(12)
        .fillColor('#0d47a1')
        .text(t('quotationPdf.store', { store: summary.storeName }));
      doc.fillColor('#000').moveDown(0.4);
      row(
        [
          t('quotationPdf.product'),
          t('quotationPdf.quantity'),
          t('quotationPdf.unitPrice'),
          t('quotationPdf.discount'),
          t('quotationPdf.lineTotal'),
        ],
        true,
      );
      doc
        .moveTo(left, doc.y - 2)
        .lineTo(left + width, doc.y - 2)
        .strokeColor('#999')
        .stroke();
      for (const l of lines) {
        const discountCents = l.unitPriceCents! * l.quantity - l.lineTotalCents!;
        row([
          `${l.title}${l.reference ? `\n${t('quotationPdf.reference')}: ${l.reference}` : ''}`,
          String(l.quantity),
          formatCents(l.unitPriceCents!, l.currency),
          discountCents > 0 ? `${formatCents(discountCents, l.currency)} (${l.discountPercentage} %)` : '—',
          formatCents(l.lineTotalCents!, l.currency),
        ]);
      }
      const a = summary.amounts;
      const totals: [string, string, boolean][] = [
        [t('quotationPdf.subtotal'), formatCents(a.subtotalCents, summary.currency), false],
        ...(a.discountCents > 0
          ? ([[t('quotationPdf.discount'), `− ${formatCents(a.discountCents, summary.currency)}`, false]] as [string, string, boolean][])
          : []),
        [t('quotationPdf.total'), formatCents(a.totalCents, summary.currency), true],
        [t('quotationPdf.ivaIncluded', { rate: a.ivaRate }), formatCents(a.ivaCents, summary.currency), false],
      ];
      for (const [label, value, bold] of totals) {
        const y = doc.y;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9);
        doc.text(label, left, y, { width: width * 0.75, align: 'right' });
        doc.text(value, left + width * 0.75, y, { width: width * 0.25, align: 'right' });
        doc.x = left;
      }
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#555')
        .text(t('quotationPdf.note', { currency: summary.currency }), left, doc.y + 4, { width });
      doc.fillColor('#000');
    }
    doc.end();
  });
}
