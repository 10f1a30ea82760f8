import { Grid, Skeleton, Stack } from '@mantine/core';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import {
  CompanyPanel,
  DeleteAccountPanel,
  NotificationSettingsPanel,
  OnboardingChecklist,
  PersonalDetailsPanel,
  PlanSummaryCard,
  ProfileCard,
  SignatureCard,
  TeamPanel,
  useAccountLayoutReady,
} from '@client/features/account';
import { useCurrentUser } from '@client/features/auth';
import type { CurrentUser } from '@client/lib/router-types';
import { sendsNdas } from '@shared/permissions';

/** /account and /home: the signed-in user's profile, signature, plan, company and team. */
export default function AccountPage() {
  usePageTitle('Account');
  const user = useCurrentUser();
  if (!user) return null;
  // A signer has no plan or team: their account is their profile, signature and company.
  const sender = sendsNdas(user.role);
  return (
    <>
      <PageHeader
        title="Account"
        description={
          sender
            ? 'Your profile, signature, company, team and e-mail notifications.'
            : 'Your profile, signature, company and e-mail notifications.'
        }
      />
      <AccountPanels user={user} sender={sender} />
    </>
  );
}

function AccountPanels({ user, sender }: { user: CurrentUser; sender: boolean }) {
  const ready = useAccountLayoutReady(user);
  if (!ready) {
    return (
      <Grid gap="lg" align="flex-start" aria-busy="true">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={320} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={480} radius="lg" />
        </Grid.Col>
      </Grid>
    );
  }
  const isOwner = user.role === 'owner';
  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg">
          <ProfileCard user={user} />
          {!user.isMember && <SignatureCard user={user} />}
          {sender && <PlanSummaryCard canManage={!user.isMember} />}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          {isOwner && <OnboardingChecklist />}
          <PersonalDetailsPanel user={user} />
          <CompanyPanel user={user} />
          <NotificationSettingsPanel user={user} />
          {isOwner && <TeamPanel companyName={user.companyName} />}
          <DeleteAccountPanel user={user} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
