import { Anchor, Badge, Button, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { annualDiscountPercent, type BillingInterval, FREE_PLAN, formatMoney } from '@shared/billing';
import type { PriceDto, ProductDto, SubscriptionDto } from '@shared/schemas/billing';
import { allowanceText, INTERVAL_ADVERB, INTERVAL_WORD, paidPlans, priceOf, salesLink } from '../plan-view';

interface PlanCardsProps {
  products: ProductDto[];
  subscription: SubscriptionDto;
  interval: BillingInterval;
  /** Owners choose a plan; team members only read. */
  canManage: boolean;
  onSubscribe: (product: ProductDto, price: PriceDto) => void;
  /** The price whose checkout is being opened. */
  pending: string | null;
}

function Feature({ children }: { children: string }) {
  return (
    <List.Item icon={<IconCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />}>{children}</List.Item>
  );
}

/** The Free card, then one card per paid plan, cheapest first, at the chosen billing interval. */
export function PlanCards({ products, subscription, interval, canManage, onSubscribe, pending }: PlanCardsProps) {
  const free = products.find((p) => p.code === 'free');
  const current = subscription.product;
  const onFree = current === null;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      <Paper
        component="li"
        withBorder
        p="lg"
        aria-label={`${free?.name ?? FREE_PLAN.name} plan`}
        data-testid="plan-card"
      >
        <Stack gap="sm" h="100%">
          <Title order={3} fz="lg">
            {free?.name ?? FREE_PLAN.name}
          </Title>
          <Text fz={28} fw={700} lh={1.2}>
            {formatMoney(0)}
          </Text>
          <List spacing={6} fz="sm">
            <Feature>{allowanceText(free?.numberOfProjectsAllowed ?? FREE_PLAN.projects, 'project')}</Feature>
            <Feature>{allowanceText(free?.numberOfMembersAllowed ?? FREE_PLAN.members, 'team member')}</Feature>
          </List>
          <Stack mt="auto">
            {onFree ? (
              <Button variant="light" disabled>
                Current plan
              </Button>
            ) : (
              <Text fz="xs" c="dimmed">
                Your company returns to Free when a cancelled plan ends.
              </Text>
            )}
          </Stack>
        </Stack>
      </Paper>
      {paidPlans(products).map((product) => {
        const price = priceOf(product.prices, interval);
        if (!price) return null;
        const monthly = priceOf(product.prices, 'month');
        const discount =
          interval === 'year' && monthly ? annualDiscountPercent(monthly.unitAmount, price.unitAmount) : 0;
        const projectAddon = priceOf(product.addon.projects, interval);
        const memberAddon = priceOf(product.addon.members, interval);
        const isCurrent = current?.code === product.code && current.price.interval === interval;
        const isCurrentPlan = current?.code === product.code;
        return (
          <Paper
            component="li"
            key={product.code}
            withBorder
            p="lg"
            aria-label={`${product.name} plan`}
            data-testid="plan-card"
            style={isCurrentPlan ? { borderColor: 'var(--mantine-color-navy-6)', borderWidth: 2 } : undefined}
          >
            <Stack gap="sm" h="100%">
              <Title order={3} fz="lg">
                {product.name}
              </Title>
              <Text fz={28} fw={700} lh={1.2}>
                {formatMoney(price.unitAmount)}
                <Text span fz="sm" fw={400} c="dimmed">
                  {' '}
                  / {INTERVAL_WORD[interval]}
                </Text>
              </Text>
              {discount > 0 && (
                <Badge color="teal" variant="light" w="fit-content">
                  Save {discount}% against monthly
                </Badge>
              )}
              <List spacing={6} fz="sm">
                <Feature>{`${allowanceText(product.numberOfProjectsAllowed, 'project')} included`}</Feature>
                <Feature>{`${allowanceText(product.numberOfMembersAllowed, 'team member')} included`}</Feature>
                {projectAddon && (
                  <Feature>{`Extra projects ${formatMoney(projectAddon.unitAmount)} / ${INTERVAL_WORD[interval]} each`}</Feature>
                )}
                {memberAddon && (
                  <Feature>{`Extra team members ${formatMoney(memberAddon.unitAmount)} / ${INTERVAL_WORD[interval]} each`}</Feature>
                )}
              </List>
              {canManage && (
                <Stack mt="auto">
                  {isCurrent ? (
                    <Button variant="light" disabled>
                      Current plan
                    </Button>
                  ) : onFree ? (
                    <Button
                      onClick={() => onSubscribe(product, price)}
                      loading={pending === price.id}
                      disabled={pending !== null && pending !== price.id}
                      aria-label={`Subscribe to ${product.name}`}
                    >
                      Subscribe
                    </Button>
                  ) : isCurrentPlan ? (
                    <Button variant="light" disabled>
                      {`Current plan, billed ${INTERVAL_ADVERB[current.price.interval]}`}
                    </Button>
                  ) : (
                    <Text fz="sm">
                      To move to {product.name},{' '}
                      <Anchor href={salesLink(`Move to ${product.name}`)} fw={600}>
                        contact our sales team
                      </Anchor>
                      .
                    </Text>
                  )}
                </Stack>
              )}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
