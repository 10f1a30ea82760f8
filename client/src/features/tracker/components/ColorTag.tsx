import { Box, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { canSetColor, COLOR_STATUSES, type ColorStatus } from '@shared/colors';

export const COLOR_LABEL: Record<ColorStatus, string> = {
  green: 'Interested',
  yellow: 'Considering',
  red: 'Not interested',
};
const SWATCH: Record<ColorStatus, string> = {
  green: 'var(--mantine-color-teal-6)',
  yellow: 'var(--mantine-color-yellow-5)',
  red: 'var(--mantine-color-red-6)',
};

function Dot({ color, size = 14 }: { color: ColorStatus | null; size?: number }) {
  return (
    <Box
      w={size}
      h={size}
      style={{
        borderRadius: '50%',
        flex: 'none',
        background: color ? SWATCH[color] : 'transparent',
        border: color ? 'none' : '2px solid var(--mantine-color-gray-3)',
      }}
    />
  );
}

interface ColorTagProps {
  value: ColorStatus | null;
  onChange: (color: ColorStatus) => void;
  /** Who or what is tagged, for screen readers. */
  subject: string;
  disabled?: boolean;
  withLabel?: boolean;
}

/** A colour tag (red, yellow, green): click to set any colour other than the current one. */
export function ColorTag({ value, onChange, subject, disabled, withLabel }: ColorTagProps) {
  const label = value ? `${value.charAt(0).toUpperCase()}${value.slice(1)} · ${COLOR_LABEL[value]}` : 'No tag';
  return (
    <Menu position="bottom-start" withinPortal shadow="md" disabled={disabled}>
      <Menu.Target>
        <Tooltip label={disabled ? label : `${label}. Click to change`} withArrow>
          <UnstyledButton
            aria-label={`Colour tag of ${subject}: ${label}. Change`}
            data-color={value ?? 'none'}
            style={{ borderRadius: 999, padding: 4 }}
            disabled={disabled}
          >
            <Group gap={6} wrap="nowrap">
              <Dot color={value} />
              {withLabel && (
                <Text fz="xs" c="dimmed">
                  {value ? COLOR_LABEL[value] : 'No tag'}
                </Text>
              )}
            </Group>
          </UnstyledButton>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Tag {subject}</Menu.Label>
        {COLOR_STATUSES.map((color) => (
          <Menu.Item
            key={color}
            leftSection={<Dot color={color} size={12} />}
            rightSection={value === color ? <IconCheck size={14} /> : null}
            disabled={!canSetColor(value, color)}
            onClick={() => onChange(color)}
          >
            {COLOR_LABEL[color]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
