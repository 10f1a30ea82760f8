/** The spec's sizes (section 9): a drawn signature is 400x140 pixels, a typed one 400x80. */
export const DRAWN_SIGNATURE = { width: 400, height: 140 } as const;
export const TYPED_SIGNATURE = { width: 400, height: 80 } as const;

/** Ink of both kinds: a dark navy that prints as black and reads as a pen on screen. */
export const SIGNATURE_INK = '#10213f';

/** Handwriting faces where the system has one, the browser's cursive face otherwise. */
export const SIGNATURE_FONT_STACK = "'Segoe Script','Brush Script MT','Dancing Script',cursive";

const HANDWRITING_FACES = ['Segoe Script', 'Brush Script MT', 'Dancing Script'];
let handwritingInstalled: boolean | undefined;

/**
 * Whether one of the handwriting faces is on this system: text set in it measures differently from
 * the fallback alone. Without one, the generic cursive face is often a plain serif, so the typed
 * signature is set in italics to read as handwriting.
 */
function hasHandwritingFace(ctx: CanvasRenderingContext2D): boolean {
  if (handwritingInstalled !== undefined) return handwritingInstalled;
  const sample = 'Signature Wmxyz 0123';
  ctx.font = '40px monospace';
  const fallback = ctx.measureText(sample).width;
  handwritingInstalled = HANDWRITING_FACES.some((face) => {
    ctx.font = `40px '${face}', monospace`;
    return ctx.measureText(sample).width !== fallback;
  });
  return handwritingInstalled;
}

/** The canvas as a PNG file. */
export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The signature could not be exported.'))), 'image/png');
  });
}

/**
 * Writes `text` on the typed-signature canvas (400x80, transparent), in the handwriting face, as
 * large as fits with a margin, centred.
 */
export function renderTypedSignature(canvas: HTMLCanvasElement, text: string): void {
  const { width, height } = TYPED_SIGNATURE;
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, width, height);
  const value = text.trim();
  if (!value) return;
  const margin = 16;
  const style = hasHandwritingFace(ctx) ? '' : 'italic ';
  let size = 46;
  do {
    ctx.font = `${style}${size}px ${SIGNATURE_FONT_STACK}`;
    if (ctx.measureText(value).width <= width - margin * 2) break;
    size -= 2;
  } while (size > 12);
  ctx.fillStyle = SIGNATURE_INK;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(value, width / 2, height / 2 + 2, width - margin * 2);
}
