import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { BILLING_MESSAGES, boutiqueNoteShown, formatMoney, maxDowngradeMessage, memberCost } from '@shared/billing';
import type { ProductDto } from '@shared/schemas/billing';
import { notifyError, notifySuccess } from '@client/components/ui/notify';
import { toastError } from '@client/lib/errors';
import { useUpgrade } from '../api/billing';
import { INTERVAL_WORD, perInterval, type PlanState, priceOf } from '../plan-view';
import { ConfirmPurchaseModal, type PurchaseLine } from './ConfirmPurchaseModal';
import { QuantityStepper } from './QuantityStepper';

export type AddonChoice = 'projects' | 'members';

interface AddonsPanelProps {
  state: PlanState;
  /** Bulge-Bracket, for the note that tells a Boutique buyer of many projects about it. */
  unlimitedPlan: ProductDto | undefined;
  /** One more of this add-on is chosen when the page opens (arriving from "buy a seat" or "buy a project"). */
  preselect: AddonChoice | null;
}

/**
 * Extra projects (Boutique) and extra team members (both paid plans): the new totals, a confirmation
 * of what the plan will cost, then the purchase. The Free plan sells no add-ons.
 */
export function AddonsPanel({ state, unlimitedPlan, preselect }: AddonsPanelProps) {
  const { projectAddon, memberAddon, projectAddons, memberAddons, interval } = state;
  const [projects, setProjects] = useState(projectAddons + (preselect === 'projects' && projectAddon ? 1 : 0));
  const [members, setMembers] = useState(memberAddons + (preselect === 'members' && memberAddon ? 1 : 0));
  const [confirming, confirm] = useDisclosure(false);
  const upgrade = useUpgrade();

  // What the server holds after a purchase (or a change elsewhere) becomes the starting point again.
  const [held, setHeld] = useState({ projectAddons, memberAddons });
  if (held.projectAddons !== projectAddons || held.memberAddons !== memberAddons) {
    setHeld({ projectAddons, memberAddons });
    setProjects(projectAddons);
    setMembers(memberAddons);
  }

  const lines: PurchaseLine[] = [];
  if (projectAddon && projects !== projectAddons)
    lines.push({ label: 'Extra projects', from: projectAddons, to: projects, price: projectAddon });
  if (memberAddon && members !== memberAddons)
    lines.push({ label: 'Extra team members', from: memberAddons, to: members, price: memberAddon });

  const extraProjectsCost = memberCost(projects, projectAddon?.unitAmount ?? 0);
  const showNote =
    state.product?.code === 'boutique' && projectAddon && boutiqueNoteShown(extraProjectsCost, state.planPrice);
  const unlimitedPrice = unlimitedPlan && priceOf(unlimitedPlan.prices, interval);

  const review = () => {
    if (lines.length === 0) return notifyError(BILLING_MESSAGES.selectQuantity);
    confirm.open();
  };

  const buy = async () => {
    try {
      await upgrade.mutateAsync({ addon: lines.map((l) => ({ itemPriceId: l.price.id, quantity: l.to })) });
      confirm.close();
      notifySuccess(BILLING_MESSAGES.purchaseSuccessful);
    } catch (err) {
      confirm.close();
      toastError(err);
    }
  };

  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} aria-labelledby="addons-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="addons-title">
            Extra projects and team members
          </Title>
          <Text fz="sm" c="dimmed">
            {state.paid
              ? `Add-ons are billed ${interval === 'month' ? 'monthly' : 'annually'} with your plan. Choose the new totals.`
              : BILLING_MESSAGES.paidPlanRequired}
          </Text>
        </Stack>
        {state.paid && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {projectAddon ? (
                <QuantityStepper
                  label="Extra projects"
                  description={`${formatMoney(projectAddon.unitAmount)} / ${INTERVAL_WORD[interval]} each`}
                  value={projects}
                  onChange={setProjects}
                  min={state.minProjects}
                  minMessage={state.minProjects > 0 ? maxDowngradeMessage(state.minProjects) : undefined}
                  testId="extra-projects"
                />
              ) : (
                <Text fz="sm" c="dimmed">
                  {BILLING_MESSAGES.projectsUnlimited}
                </Text>
              )}
              {memberAddon && (
                <QuantityStepper
                  label="Extra team members"
                  description={`${formatMoney(memberAddon.unitAmount)} / ${INTERVAL_WORD[interval]} each`}
                  value={members}
                  onChange={setMembers}
                  min={state.minMembers}
                  minMessage={state.minMembers > 0 ? maxDowngradeMessage(state.minMembers) : undefined}
                  testId="extra-members"
                />
              )}
            </SimpleGrid>
            {showNote && (
              <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} title="Consider Bulge-Bracket">
                Your extra projects cost {perInterval(extraProjectsCost, interval)}, as much as the Boutique plan
                itself.
                {unlimitedPrice &&
                  ` Bulge-Bracket includes unlimited projects for ${perInterval(unlimitedPrice.unitAmount, interval)}.`}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={review}>Add to plan</Button>
            </Group>
          </>
        )}
      </Stack>
      <ConfirmPurchaseModal
        opened={confirming}
        lines={lines}
        planPrice={state.planPrice}
        onClose={confirm.close}
        onConfirm={() => void buy()}
        loading={upgrade.isPending}
      />
    </Paper>
  );
}
