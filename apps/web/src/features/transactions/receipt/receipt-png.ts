import { textsIn, transactionReceipt, receiptTexts, type AnyTransactionDetailResponse, type Receipt } from '@wise/shared';
import { currentLanguage } from '#web/lib/i18n';
import { layoutReceipt, type DrawOp } from './receipt-layout';

/**
 * The receipt as a PNG made on the phone, then shared (Web Share with a file, where the browser
 * can share one) or saved as a download. Loaded only when the customer asks for it, so the
 * detail screen does not carry it (the budgets in scripts/bench-bundle.mjs).
 */

/** Pixels per CSS pixel: sharp on a phone's screen and in a chat app's preview. */
const SCALE = 3;

function paint(context: CanvasRenderingContext2D, op: DrawOp) {
  if (op.kind === 'rect') {
    context.fillStyle = op.color;
    context.beginPath();
    context.roundRect(op.x, op.y, op.width, op.height, op.radius);
    context.fill();
  } else if (op.kind === 'line') {
    context.fillStyle = op.color;
    context.fillRect(op.x, op.y, op.width, 1);
  } else {
    context.font = op.font;
    context.fillStyle = op.color;
    context.textAlign = op.align;
    context.fillText(op.text, op.x, op.y);
  }
}

export async function receiptPng(receipt: Receipt): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  const layout = layoutReceipt(receipt, (text, font) => {
    context.font = font;
    return context.measureText(text).width;
  });
  // Sizing the canvas resets its state: scale and baseline are set after.
  canvas.width = layout.width * SCALE;
  canvas.height = layout.height * SCALE;
  context.scale(SCALE, SCALE);
  context.textBaseline = 'top';
  for (const op of layout.ops) paint(context, op);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas made no PNG'))), 'image/png');
  });
}

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next tick; the URL is only needed until then.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type ReceiptOutcome = 'shared' | 'saved' | 'cancelled';

/** Draws the transaction's receipt and shares it where the phone can share a file, else downloads it. */
export async function shareOrSaveReceipt(detail: AnyTransactionDetailResponse['transaction'], timeZone: string): Promise<ReceiptOutcome> {
  // Drawn in the app's language; the PDF from the server stays in English.
  const language = currentLanguage();
  const receipt = transactionReceipt(detail, timeZone, new Date(), language);
  const blob = await receiptPng(receipt);
  const file = new File([blob], `${receipt.fileStem}.png`, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: textsIn(receiptTexts, language).shareTitle(receipt.title) });
      return 'shared';
    } catch (error) {
      // The customer closed the share sheet: nothing else to do. Any other refusal: save it instead.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  download(blob, file.name);
  return 'saved';
}
