import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { notifySuccess } from '@client/components/ui/notify';
import { useSubscription } from '../api/billing';

/**
 * Payment processing: after the checkout, the subscription is asked for every 2 seconds until it has
 * a product (the payment is confirmed), then the modal closes and the page shows the new plan.
 */
export function ProcessingModal({ opened, onDone }: { opened: boolean; onDone: () => void }) {
  const subscription = useSubscription({ enabled: opened, poll: opened });
  const product = subscription.data?.product ?? null;

  useEffect(() => {
    if (!opened || !product) return;
    notifySuccess(`Your company is now on the ${product.name} plan.`, 'Payment received');
    onDone();
  }, [opened, product, onDone]);

  return (
    <Modal
      opened={opened && !product}
      onClose={onDone}
      title="Processing your payment"
      centered
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      <Stack gap="md" align="center" ta="center" py="sm">
        <Loader aria-label="Waiting for the payment to be confirmed" />
        <Text fz="sm">
          We are waiting for the payment to be confirmed. This usually takes a few seconds; your new plan shows here as
          soon as it is active.
        </Text>
        <Group justify="flex-end" w="100%">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
