import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import type { OverviewClause } from '../api/overview';

type Consistency = NonNullable<OverviewClause['consistency']>;

const count = (n: number) => (n === 1 ? '1 group' : `${n} groups`);

/**
 * The clause's consistency flag: groups ended on different wordings. One action offers a chosen agreed
 * wording to the groups still negotiating something else (it opens the bulk counter-proposal, filled in).
 */
export function ConsistencyFlag({
  consistency,
  onOffer,
}: {
  consistency: Consistency;
  onOffer: (offer: { wording: string; threads: number[] }) => void;
}) {
  const [chosen, setChosen] = useState(0);
  const offer = consistency.offers[chosen] ?? consistency.offers[0];
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconScale size={18} aria-hidden />}
      title="Groups stand on different wordings"
      data-testid="consistency-flag"
    >
      <Text fz="sm" data-testid="consistency-sentence">
        {consistency.sentence}.
      </Text>
      {consistency.offers.length > 1 && (
        <Select
          mt="xs"
          size="xs"
          label="Wording to offer"
          data={consistency.offers.map((o, i) => ({ value: String(i), label: o.wording }))}
          value={String(chosen)}
          onChange={(v) => v !== null && setChosen(Number(v))}
          allowDeselect={false}
        />
      )}
      {offer && offer.threads.length > 0 ? (
        <Group mt="xs">
          <Button size="compact-sm" onClick={() => onOffer(offer)}>
            Offer “{offer.wording}” to {count(offer.groups.length)}
          </Button>
        </Group>
      ) : (
        <Text fz="xs" c="dimmed" mt={4}>
          No group without it has an open thread on this clause to offer it on.
        </Text>
      )}
    </Alert>
  );
}
