import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { receiptTexts, type Receipt, type ReceiptTone } from '@wise/shared';

/**
 * A receipt as an A4 PDF, drawn in-process with pdfkit from the shared receipt model (the same
 * one the phone draws as a PNG). The text is in DejaVu Sans, embedded and subset, because the
 * PDF standard fonts have no naira sign; the fonts sit beside this file in the source tree and
 * beside the bundle in a build (scripts/build.mjs copies them), like the migrations.
 */

const fontsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(path.join(fontsDir, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(fontsDir, 'DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

// docs/look.md's palette, in the web's AA shades (apps/web/src/components/ui/tokens.css); a receipt
// is a document and keeps the light theme whatever the app's.
const INK = '#0F1222';
const INK_2 = '#5B6075';
const LINE = '#E6E8F0';
const PRIMARY = '#3B2BD6';
const DANGER = '#B42318';
const DANGER_SOFT = '#FDECEA';
const TONE: Record<ReceiptTone, string> = { successful: '#0F7A30', pending: '#7A3FF2', rejected: DANGER };

const MARGIN = 48;
const LABEL_SHARE = 0.4;
const GAP = 12;

export interface ReceiptPdfOptions {
  /** When the document says it was made (its metadata). */
  createdAt: Date;
}

/** The receipt's PDF bytes. */
export function receiptPdf(receipt: Receipt, options: ReceiptPdfOptions): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${receiptTexts.heading} · ${receipt.title}`,
      Author: receiptTexts.brand,
      Creator: receiptTexts.brand,
      CreationDate: options.createdAt,
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const left = MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  /** A new page when `height` more points would not fit. */
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  // Brand and heading.
  doc.font('bold').fontSize(18).fillColor(PRIMARY).text(receiptTexts.brand, left, MARGIN, { width, continued: false });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(INK_2)
    .text(receiptTexts.heading, left, MARGIN + 5, { width, align: 'right' });
  doc.moveDown(1.4);

  // What, how much, where it stands.
  doc.font('bold').fontSize(12).fillColor(INK_2).text(receipt.title, left, doc.y, { width, align: 'center' });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(10).fillColor(INK_2).text(receipt.amountLabel, { width, align: 'center' });
  doc.font('bold').fontSize(26).fillColor(INK).text(receipt.amount, { width, align: 'center' });
  doc.moveDown(0.2);
  doc.font('bold').fontSize(10).fillColor(TONE[receipt.status.tone]).text(receipt.status.label, { width, align: 'center' });
  doc.moveDown(1);

  for (const note of receipt.notes) {
    const text = note.lines.join('\n');
    doc.font('regular').fontSize(10);
    const height = doc.heightOfString(text, { width: width - 24 }) + 30;
    room(height);
    const top = doc.y;
    doc.roundedRect(left, top, width, height, 8).fill(DANGER_SOFT);
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(DANGER)
      .text(note.heading, left + 12, top + 9, { width: width - 24 });
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(INK)
      .text(text, left + 12, doc.y + 2, { width: width - 24 });
    doc.y = top + height + 10;
  }

  const labelWidth = Math.round(width * LABEL_SHARE);
  const valueWidth = width - labelWidth - GAP;
  for (const section of receipt.sections) {
    if (section.rows.length === 0) continue;
    room(40);
    doc.font('bold').fontSize(11).fillColor(INK).text(section.heading, left, doc.y, { width });
    doc.moveDown(0.3);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.75)
      .strokeColor(LINE)
      .stroke();
    doc.y += 5;
    for (const row of section.rows) {
      doc.font('bold').fontSize(10);
      const valueHeight = doc.heightOfString(row.value, { width: valueWidth });
      doc.font('regular').fontSize(10);
      const labelHeight = doc.heightOfString(row.label, { width: labelWidth });
      const height = Math.max(valueHeight, labelHeight);
      room(height + 5);
      const top = doc.y;
      doc.fillColor(INK_2).text(row.label, left, top, { width: labelWidth });
      doc
        .font('bold')
        .fontSize(10)
        .fillColor(INK)
        .text(row.value, left + labelWidth + GAP, top, { width: valueWidth, align: 'right' });
      doc.y = top + height + 5;
    }
    doc.moveDown(0.8);
  }

  room(30);
  doc.font('regular').fontSize(8).fillColor(INK_2);
  for (const line of receipt.footer) doc.text(line, left, doc.y, { width, align: 'center' });
  doc.end();
  return done;
}
