import type Konva from 'konva';
import { useEffect, useRef, useState } from 'react';
import { Group, Layer, Rect, Stage, Text, Transformer } from 'react-konva';
import type { Size } from '@shared/pointer-geometry';
import { fieldLabel, MIN_FIELD_SIZE, type SignatureField } from '@shared/schemas/signature-fields';
import { clampBox } from '../field-boxes';
import type { SignatureFieldEditor } from '../hooks/use-signature-field-editor';
import { useLayerPixelRatio } from '../hooks/use-layer-pixel-ratio';
import classes from './SignatureFieldLayer.module.css';

type Box = Pick<SignatureField, 'x' | 'y' | 'width' | 'height'>;

const PARTY_COLORS = { sender: '#1c3f94', recipient: '#0c8599' } as const;
/** A drag shorter than this (in pixels) is a click: it only clears the selection, never makes a field. */
const CLICK_PX = 6;

interface SignatureFieldLayerProps {
  size: Size;
  /** The page canvas's pixel ratio, which this layer's canvas draws at too. */
  pixelRatio: number;
  page: number;
  /** The document's fields (this layer draws those of its page), their selection and their changes. */
  editor: SignatureFieldEditor;
  /** The sender placing fields: draw a box to add one, drag to move, handles to resize. */
  editing: boolean;
}

/**
 * The signature fields of a page as labelled boxes ("Recipient · Signature") on a konva Stage the size
 * of the rendered page; read-only unless the sender is editing. Boxes are stored as fractions of the
 * page (x, y the top-left corner), like pointers.
 */
export function SignatureFieldLayer({ size, pixelRatio, page, editor, editing }: SignatureFieldLayerProps) {
  const { fields, selectedKey, select: onSelect, change: onChange } = editor;
  const onDraw = (box: Box) => editor.add(page, box);
  const transformer = useRef<Konva.Transformer>(null);
  const stage = useRef<Konva.Stage>(null);
  const layer = useRef<Konva.Layer>(null);
  useLayerPixelRatio(layer, pixelRatio);
  const [drawing, setDrawing] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const mine = fields.filter((f) => f.page === page);
  const minPx = { width: MIN_FIELD_SIZE * size.width, height: MIN_FIELD_SIZE * size.height };

  useEffect(() => {
    const tr = transformer.current;
    if (!tr) return;
    const node = selectedKey ? stage.current?.findOne(`#${selectedKey}`) : undefined;
    tr.nodes(node ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selectedKey, fields, editing]);

  const toBox = (px: { x: number; y: number; width: number; height: number }): Box =>
    clampBox({
      x: px.x / size.width,
      y: px.y / size.height,
      width: px.width / size.width,
      height: px.height / size.height,
    });

  const pointer = () => stage.current?.getPointerPosition() ?? null;

  const onMouseDown = (e: Konva.KonvaEventObject<MouseEvent>) => {
    if (!editing || e.evt.button !== 0 || e.target !== e.target.getStage()) return;
    const at = pointer();
    if (!at) return;
    onSelect(null);
    setDrawing({ x0: at.x, y0: at.y, x1: at.x, y1: at.y });
  };
  const onMouseMove = () => {
    const at = pointer();
    if (drawing && at) setDrawing({ ...drawing, x1: at.x, y1: at.y });
  };
  const onMouseUp = () => {
    if (!drawing) return;
    const box = {
      x: Math.min(drawing.x0, drawing.x1),
      y: Math.min(drawing.y0, drawing.y1),
      width: Math.abs(drawing.x1 - drawing.x0),
      height: Math.abs(drawing.y1 - drawing.y0),
    };
    setDrawing(null);
    // A click on the page is not a field: a stray click would leave a box the sender did not mean.
    if (box.width >= CLICK_PX || box.height >= CLICK_PX) onDraw(toBox(box));
  };

  return (
    <div className={`${classes.layer} ${editing ? classes.editing : ''}`} data-testid="signature-field-layer">
      <Stage
        ref={stage}
        width={size.width}
        height={size.height}
        listening={editing}
        onMouseDown={onMouseDown}
        onMouseMove={onMouseMove}
        onMouseUp={onMouseUp}
        onMouseLeave={onMouseUp}
      >
        <Layer ref={layer}>
          {mine.map((field) => {
            const color = PARTY_COLORS[field.party];
            const width = field.width * size.width;
            const height = field.height * size.height;
            const selected = field.key === selectedKey;
            return (
              <Group
                key={field.key}
                id={field.key}
                x={field.x * size.width}
                y={field.y * size.height}
                draggable={editing}
                onMouseDown={() => editing && onSelect(field.key)}
                dragBoundFunc={(pos) => ({
                  x: Math.min(Math.max(0, pos.x), size.width - width),
                  y: Math.min(Math.max(0, pos.y), size.height - height),
                })}
                onDragEnd={(e) => onChange(field.key, toBox({ x: e.target.x(), y: e.target.y(), width, height }))}
                onTransformEnd={(e) => {
                  const node = e.target;
                  const box = {
                    x: node.x(),
                    y: node.y(),
                    width: width * node.scaleX(),
                    height: height * node.scaleY(),
                  };
                  node.scale({ x: 1, y: 1 });
                  onChange(field.key, toBox(box));
                }}
              >
                <Rect
                  width={width}
                  height={height}
                  fill={color}
                  opacity={selected ? 0.22 : 0.12}
                  stroke={color}
                  strokeWidth={selected ? 2 : 1}
                  dash={field.kind === 'signature' ? undefined : [4, 3]}
                />
                <Text
                  text={fieldLabel(field)}
                  x={3}
                  y={2}
                  width={Math.max(0, width - 6)}
                  height={Math.max(0, height - 2)}
                  fontSize={Math.max(7, Math.min(11, height * 0.55))}
                  fill={color}
                  fontStyle="bold"
                  wrap="none"
                  ellipsis
                  listening={false}
                />
              </Group>
            );
          })}
          {drawing && (
            <Rect
              x={Math.min(drawing.x0, drawing.x1)}
              y={Math.min(drawing.y0, drawing.y1)}
              width={Math.abs(drawing.x1 - drawing.x0)}
              height={Math.abs(drawing.y1 - drawing.y0)}
              stroke="#f08c00"
              dash={[4, 3]}
              listening={false}
            />
          )}
          {editing && (
            <Transformer
              ref={transformer}
              rotateEnabled={false}
              keepRatio={false}
              ignoreStroke
              boundBoxFunc={(oldBox, next) =>
                next.width < minPx.width ||
                next.height < minPx.height ||
                next.x < -0.5 ||
                next.y < -0.5 ||
                next.x + next.width > size.width + 0.5 ||
                next.y + next.height > size.height + 0.5
                  ? oldBox
                  : next
              }
            />
          )}
        </Layer>
      </Stage>
    </div>
  );
}
