import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FREE_PLAN } from '@shared/billing';
import type { SubscriptionDto } from '@shared/schemas/billing';
import { ConfirmModal } from '@client/components/ui/ConfirmModal';
import { notifySuccess } from '@client/components/ui/notify';
import { toastError } from '@client/lib/errors';
import { useCancelSubscription, useRenewSubscription } from '../api/billing';
import { INTERVAL_ADVERB, longDate } from '../plan-view';

/**
 * The company's plan: its name, whether it renews or ends and when, and the owner's Cancel or Renew.
 * Free has nothing to cancel, so its Cancel stays disabled.
 */
export function CurrentPlanCard({ subscription, canManage }: { subscription: SubscriptionDto; canManage: boolean }) {
  const [confirming, confirm] = useDisclosure(false);
  const cancel = useCancelSubscription();
  const renew = useRenewSubscription();
  const product = subscription.product;
  const ending = subscription.cancelAtPeriodEnd;

  const doCancel = async () => {
    try {
      const { detail } = await cancel.mutateAsync({ immediately: false });
      confirm.close();
      notifySuccess(`Your plan stays active until ${longDate(detail.cancelAt)}, then your company moves to Free.`);
    } catch (err) {
      confirm.close();
      toastError(err);
    }
  };

  const doRenew = async () => {
    try {
      await renew.mutateAsync();
      notifySuccess('Your plan renews again at the end of each billing period.');
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} aria-labelledby="current-plan-title">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Text fz="sm" c="dimmed" id="current-plan-title">
            Current plan
          </Text>
          <Group gap="sm">
            <Title order={2} fz={24} data-testid="current-plan">
              {product?.name ?? FREE_PLAN.name}
            </Title>
            {product &&
              (ending ? (
                <Badge color="orange" variant="light" data-testid="plan-ending">
                  Cancels on {longDate(subscription.cancelAt)}
                </Badge>
              ) : (
                <Badge color="teal" variant="light">
                  Active
                </Badge>
              ))}
          </Group>
          <Text fz="sm" c="dimmed">
            {!product
              ? 'Two projects and no team members, at no cost.'
              : ending
                ? `Billed ${INTERVAL_ADVERB[product.price.interval]}. Your company moves to Free when the plan ends.`
                : `Billed ${INTERVAL_ADVERB[product.price.interval]}${subscription.currentPeriodEnd ? `; renews on ${longDate(subscription.currentPeriodEnd)}` : ''}.`}
          </Text>
        </Stack>
        {canManage &&
          (ending ? (
            <Button onClick={() => void doRenew()} loading={renew.isPending}>
              Renew plan
            </Button>
          ) : (
            <Button variant="default" color="red" onClick={confirm.open} disabled={!product}>
              Cancel plan
            </Button>
          ))}
      </Group>
      <ConfirmModal
        opened={confirming}
        onClose={confirm.close}
        onConfirm={() => void doCancel()}
        loading={cancel.isPending}
        color="red"
        title="Cancel your plan?"
        confirmLabel="Cancel plan"
        cancelLabel="Keep my plan"
        message={`Your ${product?.name ?? ''} plan and its add-ons stay active until ${longDate(subscription.currentPeriodEnd)}. Then your company moves to the Free plan: your projects stay, but new ones and team member seats follow the Free plan’s limits.`}
      />
    </Paper>
  );
}
