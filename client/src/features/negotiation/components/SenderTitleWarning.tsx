import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { RouterLink } from '@client/components/ui/RouterLink';

/**
 * A sender title field is placed but the account owner has no job title: signing still goes ahead
 * (the buyer is not stopped for it), with the box left empty. The owner gets a link to their account
 * page; a team member, who cannot set the owner's title, is asked to tell the owner.
 */
export function SenderTitleWarning({ isOwner }: { isOwner: boolean }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="The sender’s title will be empty"
      data-testid="sender-title-warning"
    >
      <Text fz="sm">
        {isOwner ? (
          <>
            A sender title field is placed, but your profile has no job title. Add it on{' '}
            <RouterLink to="/account">your account page</RouterLink> so the signed NDA shows it.
          </>
        ) : (
          'A sender title field is placed, but the account owner has no job title. Ask them to add it on their account page so the signed NDA shows it.'
        )}
      </Text>
    </Alert>
  );
}
