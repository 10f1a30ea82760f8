import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessageOf } from '@client/lib/errors';

/** Loading placeholder of a page. */
export function PageSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={28} w={220} />
      <Skeleton h={110} radius="lg" />
      <Skeleton h={260} radius="lg" />
    </Stack>
  );
}

/** A page, or a list on it, whose data could not be loaded (other than 404, which leaves the page). */
export function PageError({
  error,
  onRetry,
  title = 'This page could not be loaded',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title}>
      {errorMessageOf(error)}
      {onRetry && (
        <div>
          <Button variant="light" color="red" size="xs" mt="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
    </Alert>
  );
}
