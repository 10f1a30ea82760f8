import { ActionIcon, Group, NativeSelect, Text, VisuallyHidden } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { ViewerZoom } from '../hooks/use-viewer-zoom';
import { MAX_ZOOM, MIN_ZOOM, zoomChoices, zoomLabel, zoomValue, parseZoom } from '../zoom';
import { useAnnounce } from './LiveAnnouncer';

/**
 * Zoom out, the zoom menu (fits and percentages), Zoom in, and the zoom the page is at, said in the
 * page's live region when it changes. A button that cannot go further hands the focus to the other.
 */
export function ZoomControls({ zoom }: { zoom: ViewerZoom }) {
  const { percent } = zoom;
  const announce = useAnnounce();
  const shown = useRef(percent);
  useEffect(() => {
    if (shown.current !== null && percent !== null && shown.current !== percent) announce(`Zoom ${percent}%`);
    shown.current = percent;
  }, [percent, announce]);
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="group"
      aria-label="Zoom"
      data-testid="zoom-controls"
      data-focus-return="button:not(:disabled)"
    >
      <ActionIcon
        variant="default"
        size="md"
        aria-label="Zoom out"
        aria-keyshortcuts="-"
        title="Zoom out (-)"
        disabled={percent === null || percent <= MIN_ZOOM}
        onClick={zoom.stepOut}
      >
        <IconZoomOut size={16} />
      </ActionIcon>
      <NativeSelect
        size="xs"
        aria-label="Zoom level"
        value={zoomValue(zoom.choice)}
        onChange={(event) => zoom.choose(parseZoom(event.currentTarget.value))}
        data={zoomChoices(zoom.choice).map((choice) => ({ value: zoomValue(choice), label: zoomLabel(choice) }))}
        w={104}
      />
      <ActionIcon
        variant="default"
        size="md"
        aria-label="Zoom in"
        aria-keyshortcuts="+"
        title="Zoom in (+)"
        disabled={percent === null || percent >= MAX_ZOOM}
        onClick={zoom.stepIn}
      >
        <IconZoomIn size={16} />
      </ActionIcon>
      <Text fz="xs" c="dimmed" miw={36} ta="right" data-testid="zoom-level">
        {percent !== null && (
          <>
            <VisuallyHidden>Zoom </VisuallyHidden>
            {percent}%
          </>
        )}
      </Text>
    </Group>
  );
}
