import { HoverCard, UnstyledButton } from '@mantine/core';
import type Konva from 'konva';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Circle, Group, Layer, Path, Stage, Text } from 'react-konva';
import { type PagePoint, pixelsFromPoint, type Size } from '@shared/pointer-geometry';
import { useLayerPixelRatio } from '../hooks/use-layer-pixel-ratio';
import { usePagePlacing } from '../hooks/use-page-placing';
import { useAnnounce } from './LiveAnnouncer';
import classes from './PointerLayer.module.css';
import { markFirstDraw } from '../first-draw';

/** A thread's pointer drawn on its page. */
export interface Marker {
  pointerId: number;
  threadId: number;
  /** The thread's number in the comments list. */
  number: number;
  x: number;
  y: number;
  color: string;
  label: string;
}

interface PointerLayerProps {
  size: Size;
  /** The page canvas's pixel ratio, which this layer's canvas draws at too. */
  pixelRatio: number;
  markers: Marker[];
  pending: PagePoint | null;
  activeThreadId: number | null;
  /** Comment mode: a click on the page places the pending pointer; selecting words also quotes them. */
  placing: boolean;
  onPlace: (point: PagePoint, quote: string | null) => void;
  onMarkerClick: (marker: Marker) => void;
  /** What a marker's popover shows about its thread. */
  preview: (marker: Marker) => ReactNode;
}

/** The spec's pointer popover close delay. */
export const POPOVER_CLOSE_DELAY_MS = 200;

/** A map pin 24 px wide whose tip is at (0, 0): the pointer's exact place. */
const PIN = 'M0 0 C-3 -7 -12 -12 -12 -22 A12 12 0 1 1 12 -22 C12 -12 3 -7 0 0 Z';
const PIN_HEAD_Y = -22;
/** The pin's hit area (a button over the pin), before scaling. */
const HIT = { width: 26, height: 36 };

/** How far an arrow key moves the keyboard's pointer: 2 % of the page, 10 % with Shift. */
const KEY_STEP = 0.02;
const KEY_STEP_LARGE = 0.1;
/** Where the keyboard's pointer starts on a page: centred, a quarter of the way down. */
const KEY_START: PagePoint = { x: 0.5, y: 0.25 };

const percent = (v: number) => `${Math.round(v * 100)} %`;

/** Pins shrink with the page on narrow screens, down to 70 % of their size. */
export function pinScale(pageWidth: number): number {
  return Math.max(0.7, Math.min(1, pageWidth / 700));
}

/**
 * A konva Stage exactly the size of the rendered page draws numbered pins at each pointer's place
 * (x * width, y * height of the page's visible box) and, in comment mode, the pointer being placed.
 * Each pin also has a transparent button over it: keyboard and screen-reader users reach the
 * threads, and the button anchors the pin's popover. The layer lets the mouse through to pdf.js's
 * text layer: in comment mode a click places the pointer there, and selected words (before or after
 * Comment was pressed, or a sentence by a long press on touch) place it at the first of them and are
 * quoted (usePagePlacing). The keyboard places it too (KeyboardPlacer).
 */
export function PointerLayer({
  size,
  pixelRatio,
  markers,
  pending,
  activeThreadId,
  placing,
  onPlace,
  onMarkerClick,
  preview,
}: PointerLayerProps) {
  const base = pinScale(size.width);
  const root = useRef<HTMLDivElement>(null);
  const layer = useRef<Konva.Layer>(null);
  useLayerPixelRatio(layer, pixelRatio);
  usePagePlacing(root, placing, size, onPlace);
  const hasMarkers = markers.length > 0;
  useEffect(() => {
    if (hasMarkers) markFirstDraw('pointers');
  }, [hasMarkers]);

  return (
    <div ref={root} className={classes.layer}>
      {placing && <KeyboardPlacer pending={pending} onPlace={(point) => onPlace(point, null)} />}
      <Stage width={size.width} height={size.height} style={{ pointerEvents: 'none' }}>
        <Layer ref={layer} listening={false}>
          {markers.map((marker) => {
            const at = pixelsFromPoint(marker, size);
            const active = marker.threadId === activeThreadId;
            const scale = base * (active ? 1.2 : 1);
            return (
              <Group key={marker.pointerId} x={at.x} y={at.y} scaleX={scale} scaleY={scale}>
                <Path
                  data={PIN}
                  fill={marker.color}
                  stroke={active ? '#14284b' : 'white'}
                  strokeWidth={active ? 2 : 1.5}
                  shadowColor="#14284b"
                  shadowBlur={active ? 8 : 4}
                  shadowOpacity={0.35}
                  shadowOffsetY={1}
                />
                <Text
                  text={String(marker.number)}
                  x={-12}
                  y={PIN_HEAD_Y - 6}
                  width={24}
                  align="center"
                  fontSize={marker.number > 99 ? 9 : 12}
                  fontStyle="bold"
                  fill="white"
                />
              </Group>
            );
          })}
          {pending && (
            <Group {...pixelsFromPoint(pending, size)} scaleX={base} scaleY={base}>
              <Path
                data={PIN}
                fill="#f08c00"
                stroke="white"
                strokeWidth={2}
                shadowColor="#14284b"
                shadowBlur={6}
                shadowOpacity={0.35}
              />
              <Circle y={PIN_HEAD_Y} radius={4.5} fill="white" />
            </Group>
          )}
        </Layer>
      </Stage>
      {markers.map((marker) => {
        const at = pixelsFromPoint(marker, size);
        return (
          <HoverCard
            key={marker.pointerId}
            openDelay={50}
            closeDelay={POPOVER_CLOSE_DELAY_MS}
            position="right"
            withArrow
            shadow="md"
            width={280}
            withinPortal
          >
            <HoverCard.Target>
              <UnstyledButton
                className={classes.hit}
                style={{
                  left: at.x - (HIT.width * base) / 2,
                  top: at.y - HIT.height * base,
                  width: HIT.width * base,
                  height: HIT.height * base,
                }}
                aria-label={marker.label}
                aria-pressed={marker.threadId === activeThreadId}
                data-testid="pointer-marker"
                data-thread={marker.threadId}
                data-x={marker.x}
                data-y={marker.y}
                onClick={() => onMarkerClick(marker)}
              />
            </HoverCard.Target>
            <HoverCard.Dropdown data-testid="marker-popover">{preview(marker)}</HoverCard.Dropdown>
          </HoverCard>
        );
      })}
    </div>
  );
}

/**
 * Comment mode for the keyboard: the page takes the focus, the arrow keys move a crosshair over it
 * (Shift for larger steps) and Enter or Space places the pointer there. Each move is said in the
 * page's live region, as a position across and down the page.
 */
function KeyboardPlacer({ pending, onPlace }: { pending: PagePoint | null; onPlace: (point: PagePoint) => void }) {
  const announce = useAnnounce();
  const [chosen, setChosen] = useState<PagePoint | null>(null);
  const at = chosen ?? (pending ? { x: pending.x, y: pending.y } : KEY_START);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
    const move = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (move) {
      event.preventDefault();
      const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 1000) / 1000));
      const next = { x: clamp(at.x + move[0]!), y: clamp(at.y + move[1]!) };
      setChosen(next);
      announce(`${percent(next.x)} across, ${percent(next.y)} down`);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPlace(at);
    }
  };

  return (
    <div
      className={classes.placer}
      tabIndex={0}
      role="button"
      aria-label={`Place the pointer on this page: arrow keys move it, Shift for larger steps, Enter places it. Now ${percent(at.x)} across, ${percent(at.y)} down.`}
      aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Enter"
      data-testid="keyboard-placer"
      data-x={at.x}
      data-y={at.y}
      onKeyDown={onKeyDown}
    >
      <span className={classes.crosshair} style={{ left: `${at.x * 100}%`, top: `${at.y * 100}%` }} aria-hidden />
    </div>
  );
}
