import { Alert, Anchor, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconMail } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ANNUAL_DISCOUNT_PERCENT, BILLING_MESSAGES, type BillingInterval } from '@shared/billing';
import type { PriceDto, ProductDto } from '@shared/schemas/billing';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { notifyError, notifyInfo } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import { useProducts, useSubscribe, useSubscription } from '../api/billing';
import { planState, salesLink } from '../plan-view';
import { type AddonChoice, AddonsPanel } from './AddonsPanel';
import { BillingBlock } from './BillingBlock';
import { CurrentPlanCard } from './CurrentPlanCard';
import { PlanCards } from './PlanCards';
import { ProcessingModal } from './ProcessingModal';

function addonChoice(value: string | null): AddonChoice | null {
  return value === 'projects' || value === 'members' ? value : null;
}

/**
 * The plan page: the company's plan, the plans on offer at the chosen interval, billing and usage, and
 * the add-ons. `?checkout=success` (back from a checkout) opens the processing modal; `?extra=projects`
 * or `?extra=members` chooses one more of that add-on.
 */
export function PlanOverview({ canManage }: { canManage: boolean }) {
  const [params, setParams] = useSearchParams();
  const subscription = useSubscription();
  const products = useProducts();
  const subscribe = useSubscribe();
  const [chosen, setChosen] = useState<BillingInterval | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [processing, setProcessing] = useState(() => params.get('checkout') === 'success');
  const [preselect] = useState(() => addonChoice(params.get('extra')));
  const checkout = params.get('checkout');

  useEffect(() => {
    if (checkout !== 'cancelled') return;
    notifyInfo('The checkout was cancelled and nothing was charged.');
    setParams({}, { replace: true });
  }, [checkout, setParams]);

  // Arriving to buy a project or a seat: the add-ons are where the eye goes.
  const ready = Boolean(subscription.data && products.data);
  useEffect(() => {
    if (ready && preselect) document.getElementById('addons-title')?.scrollIntoView({ block: 'center' });
  }, [ready, preselect]);

  const doneProcessing = useCallback(() => {
    setProcessing(false);
    setParams({}, { replace: true });
  }, [setParams]);

  const onSubscribe = async (product: ProductDto, price: PriceDto) => {
    setPending(price.id);
    try {
      const { checkoutUrl } = await subscribe.mutateAsync({ priceId: price.id, price: price.unitAmount });
      if (!checkoutUrl) throw new Error(BILLING_MESSAGES.subscriptionFailed);
      window.location.assign(checkoutUrl);
    } catch (err) {
      setPending(null);
      notifyError(
        errorMessageOf(err, `The checkout for ${product.name} could not be opened.`),
        BILLING_MESSAGES.subscriptionFailed,
      );
    }
  };

  if (subscription.isError) return <PageError error={subscription.error} onRetry={() => void subscription.refetch()} />;
  if (products.isError) return <PageError error={products.error} onRetry={() => void products.refetch()} />;
  if (!subscription.data || !products.data) return <PageSkeleton />;

  const sub = subscription.data;
  const catalogue = products.data;
  const state = planState(sub, catalogue);
  const interval = chosen ?? state.interval;

  return (
    <Stack gap="lg">
      <CurrentPlanCard subscription={sub} canManage={canManage} />
      {!canManage && (
        <Alert color="navy" variant="light" icon={<IconInfoCircle size={18} />}>
          Your account owner manages the plan. {BILLING_MESSAGES.askAdmin}.
        </Alert>
      )}
      <Stack gap="md" component="section" aria-labelledby="plans-title">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="lg" id="plans-title">
            Plans
          </Title>
          <SegmentedControl
            aria-label="Billing interval"
            value={interval}
            onChange={(v) => setChosen(v as BillingInterval)}
            data={[
              { value: 'month', label: 'Monthly' },
              { value: 'year', label: `Annually -${ANNUAL_DISCOUNT_PERCENT}%` },
            ]}
          />
        </Group>
        <PlanCards
          products={catalogue}
          subscription={sub}
          interval={interval}
          canManage={canManage}
          onSubscribe={(product, price) => void onSubscribe(product, price)}
          pending={pending}
        />
        <Group gap={8}>
          <IconMail size={18} aria-hidden />
          <Text fz="sm">
            Need A Custom Plan?{' '}
            <Anchor href={salesLink('Custom plan')} fw={600}>
              Contact our sales team
            </Anchor>
          </Text>
        </Group>
      </Stack>
      <BillingBlock subscription={sub} state={state} canManage={canManage} />
      {canManage && (
        <AddonsPanel
          state={state}
          unlimitedPlan={catalogue.find((p) => p.code === 'bulge_bracket')}
          preselect={preselect}
        />
      )}
      <ProcessingModal opened={processing} onDone={doneProcessing} />
    </Stack>
  );
}
