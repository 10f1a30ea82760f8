import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { canvasToPng, DRAWN_SIGNATURE, SIGNATURE_INK } from '../signature-canvas';

export interface SignaturePadControls {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  isEmpty: boolean;
  clear: () => void;
  /** The drawing as a 400x140 PNG, or null when nothing is drawn. */
  toPng: () => Promise<Blob | null>;
}

/**
 * signature_pad on a canvas of exactly 400x140 pixels. The canvas may be shown narrower (a phone):
 * its drawing context is then scaled so a stroke lands under the pointer and the PNG keeps its size.
 */
export function useSignaturePad(): SignaturePadControls {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [isEmpty, setIsEmpty] = useState(true);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, {
      penColor: SIGNATURE_INK,
      minWidth: 0.8,
      maxWidth: 2.6,
      backgroundColor: 'rgba(0,0,0,0)',
    });
    padRef.current = pad;
    const onEndStroke = () => setIsEmpty(pad.isEmpty());
    pad.addEventListener('endStroke', onEndStroke);

    let shownWidth = 0;
    const fit = () => {
      // clientWidth ignores transforms (the modal's opening animation); 0 while a hidden tab holds it.
      const width = canvas.clientWidth;
      if (!width || width === shownWidth) return;
      shownWidth = width;
      const strokes = pad.toData();
      canvas.width = DRAWN_SIGNATURE.width;
      canvas.height = DRAWN_SIGNATURE.height;
      const ratio = DRAWN_SIGNATURE.width / width;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
    };
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    fit();

    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', onEndStroke);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = useCallback(() => {
    padRef.current?.clear();
    setIsEmpty(true);
  }, []);

  const toPng = useCallback(async () => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas || pad.isEmpty()) return null;
    return canvasToPng(canvas);
  }, []);

  return { canvasRef, isEmpty, clear, toPng };
}
