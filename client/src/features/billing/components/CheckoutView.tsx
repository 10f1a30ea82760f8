import { Alert, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { formatMoney } from '@shared/billing';
import { CHECKOUT_CANCEL_PATH } from '@shared/schemas/billing';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { isNotFound, toastError } from '@client/lib/errors';
import { useCheckout, usePay } from '../api/billing';
import { INTERVAL_ADVERB, INTERVAL_WORD } from '../plan-view';

function Row({ label, children }: { label: string; children: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text c="dimmed" fz="sm">
        {label}
      </Text>
      <Text fw={600} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/**
 * The built-in provider's checkout page: the plan, interval and amount for the company, and Pay. Paying
 * activates the subscription and returns to the plan page, where the processing modal waits for it.
 */
export function CheckoutView({ token }: { token: string }) {
  const navigate = useNavigate();
  const checkout = useCheckout(token);
  const pay = usePay();

  if (checkout.isError) {
    if (isNotFound(checkout.error))
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="This checkout does not exist">
          The link may be mistyped, or the checkout belongs to another account. <Link to="/plan">Back to Plan</Link>
        </Alert>
      );
    return <PageError error={checkout.error} onRetry={() => void checkout.refetch()} />;
  }
  if (!checkout.data) return <PageSkeleton />;
  const c = checkout.data;

  const doPay = async () => {
    try {
      const { redirectUrl } = await pay.mutateAsync({ token });
      navigate(redirectUrl);
    } catch (err) {
      toastError(err);
      void checkout.refetch();
    }
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      maw={520}
      mx="auto"
      component="section"
      aria-labelledby="checkout-title"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Text fz="sm" c="dimmed">
            {c.companyName}
          </Text>
          <Title order={2} fz={22} id="checkout-title">
            Subscribe to {c.productName}
          </Title>
        </Stack>
        <Divider />
        <Row label="Plan">{c.productName}</Row>
        <Row label="Billing">{`Billed ${INTERVAL_ADVERB[c.interval]}`}</Row>
        <Row label="Company">{c.companyName}</Row>
        <Divider />
        <Group justify="space-between">
          <Text fw={600}>Due today</Text>
          <Text fz="xl" fw={700} data-testid="checkout-amount">
            {formatMoney(c.amount, c.currency)}
          </Text>
        </Group>
        <Text fz="xs" c="dimmed">
          Then {formatMoney(c.amount, c.currency)} every {INTERVAL_WORD[c.interval]} until you cancel. Cancelling keeps
          the plan until the end of the period you paid for.
        </Text>
        {c.status === 'open' ? (
          <Group justify="space-between">
            <Button component={Link} to={CHECKOUT_CANCEL_PATH} variant="default">
              Cancel
            </Button>
            <Button leftSection={<IconLock size={16} />} onClick={() => void doPay()} loading={pay.isPending}>
              Pay {formatMoney(c.amount, c.currency)}
            </Button>
          </Group>
        ) : c.status === 'complete' ? (
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />} title="This checkout is complete">
            The payment was received. <Link to="/plan">See your plan</Link>
          </Alert>
        ) : (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="This checkout has expired"
          >
            Nothing was charged. Choose a plan again to start a new checkout. <Link to="/plan">Back to Plan</Link>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
