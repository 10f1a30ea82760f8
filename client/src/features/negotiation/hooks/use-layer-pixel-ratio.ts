import type Konva from 'konva';
import { type RefObject, useEffect } from 'react';

/**
 * Draws a konva layer at `pixelRatio` (the page canvas's own, kept within the canvas limit at high zoom)
 * rather than at the device's ratio, which could make a canvas too large for the browser on a phone.
 */
export function useLayerPixelRatio(layer: RefObject<Konva.Layer | null>, pixelRatio: number): void {
  useEffect(() => {
    const node = layer.current;
    if (!node || node.getCanvas().getPixelRatio() === pixelRatio) return;
    node.getCanvas().setPixelRatio(pixelRatio);
    node.batchDraw();
  }, [layer, pixelRatio]);
}
