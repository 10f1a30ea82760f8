import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { clampQuantity, MAX_QUANTITY } from '@shared/billing';

interface QuantityStepperProps {
  label: string;
  /** What each one costs, said plainly ("£49.00 / month each"). */
  description?: string;
  value: number;
  onChange: (value: number) => void;
  /** The lowest value allowed (the downgrade bound); below it `minMessage` shows. */
  min?: number;
  minMessage?: string;
  disabled?: boolean;
  testId?: string;
}

/**
 * A whole number from 0 to 999 with − and + buttons: typing over 1000 is ignored, a negative entry
 * becomes 0 (clampQuantity), and the value never goes under `min`.
 */
export function QuantityStepper({
  label,
  description,
  value,
  onChange,
  min = 0,
  minMessage,
  disabled,
  testId,
}: QuantityStepperProps) {
  // Empty for a moment while the user replaces the number; otherwise the value itself shows.
  const [cleared, setCleared] = useState(false);
  const [belowMin, setBelowMin] = useState(false);

  const set = (next: number) => {
    setCleared(false);
    setBelowMin(next < min);
    const bounded = Math.max(min, next);
    if (bounded !== value) onChange(bounded);
  };

  return (
    <Stack gap={4} data-testid={testId}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <ActionIcon
          variant="default"
          size={42}
          aria-label={`Fewer: ${label}`}
          onClick={() => set(value - 1)}
          disabled={disabled || value <= 0}
        >
          <IconMinus size={16} />
        </ActionIcon>
        <TextInput
          label={label}
          description={description}
          inputMode="numeric"
          value={cleared ? '' : String(value)}
          disabled={disabled}
          w={180}
          error={belowMin && minMessage ? minMessage : undefined}
          onChange={(e) => {
            const raw = e.currentTarget.value;
            if (raw.trim() === '') return setCleared(true);
            set(clampQuantity(raw, value));
          }}
          onBlur={() => setCleared(false)}
          styles={{ input: { textAlign: 'center' } }}
        />
        <ActionIcon
          variant="default"
          size={42}
          aria-label={`More: ${label}`}
          onClick={() => set(value + 1)}
          disabled={disabled || value >= MAX_QUANTITY}
        >
          <IconPlus size={16} />
        </ActionIcon>
      </Group>
      {!belowMin && min > 0 && minMessage && (
        <Text fz="xs" c="dimmed">
          {minMessage}
        </Text>
      )}
    </Stack>
  );
}
