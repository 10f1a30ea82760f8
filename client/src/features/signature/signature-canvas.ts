import '@fontsource/dancing-script/400.css';
/** The spec's sizes (section 9): a drawn signature is 400x140 pixels, a typed one 400x80. */
export const DRAWN_SIGNATURE = { width: 400, height: 140 } as const;
export const TYPED_SIGNATURE = { width: 400, height: 80 } as const;

/** Ink of both kinds: a dark navy that prints as black and reads as a pen on screen. */
export const SIGNATURE_INK = '#10213f';

/** The handwriting face shipped with the app (SIL Open Font License), the browser's cursive face behind it. */
export const SIGNATURE_FONT_STACK = "'Dancing Script', cursive";

/**
 * Resolves once the handwriting face is ready to draw with: a canvas does not wait for a web font, and
 * text drawn before it arrives stays in the fallback face. A failed load leaves the fallback.
 */
export function signatureFontReady(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  return document.fonts.load(`46px ${SIGNATURE_FONT_STACK}`).then(
    () => undefined,
    () => undefined,
  );
}

/** The canvas as a PNG file. */
export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The signature could not be exported.'))),
      'image/png',
    );
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
  let size = 46;
  do {
    ctx.font = `${size}px ${SIGNATURE_FONT_STACK}`;
    if (ctx.measureText(value).width <= width - margin * 2) break;
    size -= 2;
  } while (size > 12);
  ctx.fillStyle = SIGNATURE_INK;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(value, width / 2, height / 2 + 2, width - margin * 2);
}
