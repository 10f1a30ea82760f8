import { Box, Button, Group, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import type { SignaturePadControls } from '../hooks/use-signature-pad';
import { DRAWN_SIGNATURE } from '../signature-canvas';

/** The drawing area: exactly 400x140 pixels (narrower on a phone, same picture), with Clear. */
export function DrawSignaturePanel({ pad: { canvasRef, isEmpty, clear } }: { pad: SignaturePadControls }) {
  return (
    <Box>
      <Box
        maw={DRAWN_SIGNATURE.width + 2}
        mx="auto"
        style={{
          position: 'relative',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-md)',
          background: '#fff',
          overflow: 'hidden',
        }}
      >
        <Box
          aria-hidden
          style={{
            position: 'absolute',
            left: 20,
            right: 20,
            bottom: 30,
            borderBottom: '1px dashed var(--mantine-color-gray-4)',
            pointerEvents: 'none',
          }}
        />
        <Text
          aria-hidden
          fz={18}
          c="gray.5"
          style={{ position: 'absolute', left: 20, bottom: 30, pointerEvents: 'none' }}
        >
          ×
        </Text>
        <canvas
          ref={canvasRef}
          width={DRAWN_SIGNATURE.width}
          height={DRAWN_SIGNATURE.height}
          data-testid="signature-canvas"
          aria-label="Signature drawing area: draw your signature with the mouse, a pen or your finger"
          style={{
            display: 'block',
            position: 'relative',
            width: '100%',
            height: 'auto',
            aspectRatio: `${DRAWN_SIGNATURE.width} / ${DRAWN_SIGNATURE.height}`,
            cursor: 'crosshair',
            touchAction: 'none',
          }}
        />
      </Box>
      <Group justify="space-between" mt="xs" maw={DRAWN_SIGNATURE.width + 2} mx="auto" wrap="nowrap" gap="sm">
        <Text fz="xs" c="dimmed">
          Sign above the line with your mouse, pen or finger.
        </Text>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          style={{ flexShrink: 0 }}
          leftSection={<IconEraser size={14} />}
          onClick={clear}
          disabled={isEmpty}
        >
          Clear
        </Button>
      </Group>
    </Box>
  );
}
