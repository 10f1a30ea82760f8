import { Badge, SimpleGrid, Text } from '@mantine/core';
import type { BranchDto } from '@client/lib/api-types';
import { ContactCard } from './ContactCard';

/** The signers of one group, as network cards (the group route of My Network). */
export function GroupSigners({ branch }: { branch: BranchDto }) {
  if (branch.signerships.length === 0) return <Text c="dimmed">No recipients in this group.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
      {branch.signerships.map((s) => (
        <ContactCard
          key={s.id}
          person={{
            firstName: s.signer.firstName,
            lastName: s.signer.lastName,
            email: s.signer.email,
            companyName: s.signer.company.name,
          }}
          badge={
            s.signed ? (
              <Badge color="teal" variant="light">
                Signed
              </Badge>
            ) : s.rejected ? (
              <Badge color="red" variant="light">
                Passed
              </Badge>
            ) : null
          }
        />
      ))}
    </SimpleGrid>
  );
}
