import { Container, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../components/ui/use-page-title';
import { VerifyPanel } from '@client/features/verify';

/** Public: anyone holding a signed NDA checks that it is the file we issued, unchanged. */
export default function VerifyPage() {
  usePageTitle('Verify a signed NDA');
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Verify a signed NDA</Title>
        <Text c="gray.8">
          Check that a signed NDA is the very file we issued, and that nobody changed it after it was signed. Its
          certificate page gives its document ID.
        </Text>
        <VerifyPanel />
      </Stack>
    </Container>
  );
}
