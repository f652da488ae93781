import { receiptTexts as englishReceiptTexts, type Receipt, type ReceiptTone } from '@wise/shared';
import { translateNow } from '#web/lib/i18n';

/**
 * Where every word of a receipt image goes, worked out before anything is drawn: the canvas code
 * (receipt-png.ts) only paints these operations, and the test checks them without a canvas.
 * Units are CSS pixels of a 360-px-wide phone receipt; the PNG is drawn at 3× that.
 */

export const RECEIPT_WIDTH = 360;
const OUTER = 12;
const PAD = 20;
const CONTENT_LEFT = OUTER + PAD;
const CONTENT_WIDTH = RECEIPT_WIDTH - 2 * (OUTER + PAD);
const LABEL_SHARE = 0.42;
const COLUMN_GAP = 12;
const LINE_HEIGHT = 1.35;

const FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif';
export const receiptFont = (size: number, weight: 400 | 600 | 700 = 400) => `${weight} ${size}px ${FAMILY}`;

/**
 * docs/look.md's palette in the web's AA shades (components/ui/tokens.css). An image leaves the app, so
 * it keeps the light theme whatever the app's.
 */
export const receiptColors = {
  canvas: '#F6F7FB',
  surface: '#FFFFFF',
  ink: '#0F1222',
  ink2: '#5B6075',
  line: '#E6E8F0',
  primary: '#3B2BD6',
  dangerInk: '#B42318',
  dangerSoft: '#FDECEA',
} as const;
const TONE: Record<ReceiptTone, { ink: string; soft: string }> = {
  successful: { ink: '#0F7A30', soft: '#E6F4EA' },
  pending: { ink: '#7A3FF2', soft: '#F1EAFF' },
  rejected: { ink: receiptColors.dangerInk, soft: receiptColors.dangerSoft },
};

export type TextAlign = 'left' | 'right' | 'center';
export type DrawOp =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; radius: number; color: string }
  | { kind: 'line'; x: number; y: number; width: number; color: string }
  /** `x` is the left edge, the right edge or the centre, by `align`; `y` is the top of the line. */
  | { kind: 'text'; text: string; x: number; y: number; font: string; color: string; align: TextAlign };

export interface ReceiptLayout {
  width: number;
  height: number;
  ops: DrawOp[];
}

/** How wide `text` is in `font`, in CSS pixels (the canvas's measureText, or a stand-in in tests). */
export type Measure = (text: string, font: string) => number;

/**
 * `text` in lines no wider than `maxWidth`: at spaces where it can, and inside a word (a hash, a
 * reference) when the word alone is too wide.
 */
export function wrapText(text: string, font: string, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate, font) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the column is cut where it must.
      let rest = word;
      while (measure(rest, font) > maxWidth && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && measure(rest.slice(0, cut), font) > maxWidth) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

const CENTRE = RECEIPT_WIDTH / 2;
const RIGHT = CONTENT_LEFT + CONTENT_WIDTH;

/** Collects the operations; `lines` wraps a text into its width, places each line from `top` down, and answers their height. */
interface Pen {
  ops: DrawOp[];
  measure: Measure;
  lines: (
    text: string,
    size: number,
    weight: 400 | 600 | 700,
    color: string,
    align: TextAlign,
    x: number,
    width: number,
    top: number,
  ) => number;
}

function createPen(measure: Measure): Pen {
  const ops: DrawOp[] = [];
  const lines: Pen['lines'] = (text, size, weight, color, align, x, width, top) => {
    const font = receiptFont(size, weight);
    const wrapped = wrapText(text, font, width, measure);
    wrapped.forEach((line, i) => ops.push({ kind: 'text', text: line, x, y: top + i * size * LINE_HEIGHT, font, color, align }));
    return wrapped.length * size * LINE_HEIGHT;
  };
  return { ops, measure, lines };
}

export function layoutReceipt(receipt: Receipt, measure: Measure): ReceiptLayout {
  const pen = createPen(measure);
  let y = drawHeading(pen, OUTER + PAD);
  y = drawSummary(pen, receipt, y);
  for (const note of receipt.notes) y = drawNote(pen, note, y);
  y = drawSections(pen, receipt.sections, y);
  for (const line of receipt.footer) y += pen.lines(line, 11, 400, receiptColors.ink2, 'center', CENTRE, CONTENT_WIDTH, y);
  y += PAD;
  // The white card under everything, then the canvas around it.
  const height = Math.ceil(y + OUTER);
  pen.ops.unshift(
    { kind: 'rect', x: 0, y: 0, width: RECEIPT_WIDTH, height, radius: 0, color: receiptColors.canvas },
    {
      kind: 'rect',
      x: OUTER,
      y: OUTER,
      width: RECEIPT_WIDTH - 2 * OUTER,
      height: height - 2 * OUTER,
      radius: 12,
      color: receiptColors.surface,
    },
  );
  return { width: RECEIPT_WIDTH, height, ops: pen.ops };
}

/** Brand and heading, in the language the receipt's own texts were written in (the app's at this moment). */
function drawHeading({ ops }: Pen, y: number): number {
  const receiptTexts = { brand: translateNow(englishReceiptTexts.brand), heading: translateNow(englishReceiptTexts.heading) };
  ops.push({
    kind: 'text',
    text: receiptTexts.brand,
    x: CONTENT_LEFT,
    y,
    font: receiptFont(22, 700),
    color: receiptColors.primary,
    align: 'left',
  });
  ops.push({
    kind: 'text',
    text: receiptTexts.heading,
    x: RIGHT,
    y: y + 6,
    font: receiptFont(12),
    color: receiptColors.ink2,
    align: 'right',
  });
  return y + 44;
}

/** What, how much, where it stands. */
function drawSummary({ ops, measure, lines }: Pen, receipt: Receipt, top: number): number {
  let y = top;
  y += lines(receipt.title, 14, 600, receiptColors.ink2, 'center', CENTRE, CONTENT_WIDTH, y) + 6;
  y += lines(receipt.amountLabel, 12, 400, receiptColors.ink2, 'center', CENTRE, CONTENT_WIDTH, y);
  // The amount on one line: a smaller size for a very large figure rather than a broken number.
  let amountSize = 30;
  while (amountSize > 18 && measure(receipt.amount, receiptFont(amountSize, 700)) > CONTENT_WIDTH) amountSize -= 2;
  y += lines(receipt.amount, amountSize, 700, receiptColors.ink, 'center', CENTRE, CONTENT_WIDTH, y) + 8;
  const tone = TONE[receipt.status.tone];
  const pillFont = receiptFont(12, 600);
  const pillWidth = measure(receipt.status.label, pillFont) + 24;
  ops.push({ kind: 'rect', x: CENTRE - pillWidth / 2, y, width: pillWidth, height: 24, radius: 12, color: tone.soft });
  ops.push({ kind: 'text', text: receipt.status.label, x: CENTRE, y: y + 5, font: pillFont, color: tone.ink, align: 'center' });
  return y + 24 + 20;
}

/** A note (why a sale was rejected, …) in a tinted box sized to its wrapped text. */
function drawNote({ ops, measure, lines }: Pen, note: Receipt['notes'][number], y: number): number {
  const innerWidth = CONTENT_WIDTH - 24;
  const headingFont = receiptFont(13, 600);
  const bodyFont = receiptFont(13);
  const bodyLines = note.lines.flatMap((text) => wrapText(text, bodyFont, innerWidth, measure));
  const height =
    12 + wrapText(note.heading, headingFont, innerWidth, measure).length * 13 * LINE_HEIGHT + 4 + bodyLines.length * 13 * LINE_HEIGHT + 12;
  ops.push({ kind: 'rect', x: CONTENT_LEFT, y, width: CONTENT_WIDTH, height, radius: 12, color: receiptColors.dangerSoft });
  let inner = y + 12;
  inner += lines(note.heading, 13, 600, receiptColors.dangerInk, 'left', CONTENT_LEFT + 12, innerWidth, inner) + 4;
  bodyLines.forEach((line, i) =>
    ops.push({
      kind: 'text',
      text: line,
      x: CONTENT_LEFT + 12,
      y: inner + i * 13 * LINE_HEIGHT,
      font: bodyFont,
      color: receiptColors.ink,
      align: 'left',
    }),
  );
  return y + height + 16;
}

/** Each non-empty section: its heading over a rule, then label and value rows in two columns. */
function drawSections({ ops, lines }: Pen, sections: Receipt['sections'], top: number): number {
  let y = top;
  const labelWidth = Math.round(CONTENT_WIDTH * LABEL_SHARE);
  const valueWidth = CONTENT_WIDTH - labelWidth - COLUMN_GAP;
  for (const section of sections) {
    if (section.rows.length === 0) continue;
    y += lines(section.heading, 14, 600, receiptColors.ink, 'left', CONTENT_LEFT, CONTENT_WIDTH, y) + 6;
    ops.push({ kind: 'line', x: CONTENT_LEFT, y, width: CONTENT_WIDTH, color: receiptColors.line });
    y += 8;
    for (const row of section.rows) {
      const labelHeight = lines(row.label, 13, 400, receiptColors.ink2, 'left', CONTENT_LEFT, labelWidth, y);
      const valueHeight = lines(row.value, 13, 600, receiptColors.ink, 'right', RIGHT, valueWidth, y);
      y += Math.max(labelHeight, valueHeight) + 6;
    }
    y += 14;
  }
  return y;
}
