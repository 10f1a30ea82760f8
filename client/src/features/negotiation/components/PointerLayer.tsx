import { HoverCard, UnstyledButton } from '@mantine/core';
import type Konva from 'konva';
import type { ReactNode } from 'react';
import { Circle, Group, Layer, Path, Stage, Text } from 'react-konva';
import { type PagePoint, pixelsFromPoint, pointFromPixels, type Size } from '@shared/pointer-geometry';
import classes from './PointerLayer.module.css';

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
  markers: Marker[];
  pending: PagePoint | null;
  activeThreadId: number | null;
  /** Comment mode: a click on the page places the pending pointer. */
  placing: boolean;
  onPlace: (point: PagePoint) => void;
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

/** Pins shrink with the page on narrow screens, down to 70 % of their size. */
export function pinScale(pageWidth: number): number {
  return Math.max(0.7, Math.min(1, pageWidth / 700));
}

/**
 * A konva Stage exactly the size of the rendered page draws numbered pins at each pointer's place
 * (x * width, y * height of the page's visible box) and, in comment mode, the pointer being placed.
 * Each pin also has a transparent button over it: keyboard and screen-reader users reach the
 * threads, and the button anchors the pin's popover.
 */
export function PointerLayer({
  size,
  markers,
  pending,
  activeThreadId,
  placing,
  onPlace,
  onMarkerClick,
  preview,
}: PointerLayerProps) {
  const base = pinScale(size.width);
  const place = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const position = e.target.getStage()?.getPointerPosition();
    if (placing && position) onPlace(pointFromPixels(position, size));
  };

  return (
    <>
      <Stage
        width={size.width}
        height={size.height}
        style={{ cursor: placing ? 'crosshair' : 'default' }}
        onClick={place}
        onTap={place}
      >
        <Layer listening={false}>
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
    </>
  );
}
