import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { notifyError } from '../components/ui/notify';
import { EmptyState } from '../components/ui/EmptyState';
import { usePageTitle } from '../components/ui/use-page-title';
import { errorMessageOf } from '@client/lib/errors';
import { NdaWorkspace, useNdaReview } from '@client/features/negotiation';

/** /projects/:projectId/group/:branchId/nda: review, comment, negotiate and sign a group's NDA. */
export default function NdaReviewPage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const branchId = Number(params.branchId);
  const valid = Number.isInteger(projectId) && projectId > 0 && Number.isInteger(branchId) && branchId > 0;
  const state = useNdaReview(valid ? projectId : 0, valid ? branchId : 0);
  usePageTitle(state.status === 'ready' ? state.review.nda.name : 'NDA');

  const notFound = !valid || (state.status === 'error' && state.notFound === 'project');
  useEffect(() => {
    if (notFound) notifyError('This project does not exist or is not shared with you.');
  }, [notFound]);

  // Spec 2: a project that cannot be loaded (404) sends the user to the projects list.
  if (notFound) return <Navigate to="/projects" replace />;
  if (state.status === 'loading') {
    return (
      <Center mih={320}>
        <Stack align="center" gap="xs">
          <Loader />
          <Text c="dimmed" fz="sm">
            Opening the NDA…
          </Text>
        </Stack>
      </Center>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={state.notFound ? 'This group is not available' : 'The NDA could not be opened'}
      >
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">
            {state.notFound ? 'It does not exist or is not shared with you.' : errorMessageOf(state.error)}
          </Text>
          <Button component={Link} to={`/projects/${projectId}`} variant="light" size="xs">
            Back to the project
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (state.status === 'no-nda') {
    return (
      <EmptyState icon={<IconFileOff size={28} stroke={1.6} />} title={`${state.branch.name} has no NDA yet`}>
        Add or choose the NDA of this group on the project dashboard, then send it to its recipients.
      </EmptyState>
    );
  }
  return <NdaWorkspace review={state.review} />;
}
