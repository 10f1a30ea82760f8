import { schemaResolver, useForm } from '@mantine/form';
import { useMemo } from 'react';
import { recipientsFormSchema } from '@shared/schemas/groups';
import type { BranchDto } from '@client/lib/api-types';
import { trpc } from '@client/lib/trpc';
import { useSession } from '@client/features/auth';
import { newRow, type RecipientsFormApi, type RecipientsValues } from '../recipient-rows';

/**
 * The recipients page's form: a new group, or the group being edited with its recipients as rows.
 * The sending team's e-mails (refused as recipients) arrive after the first render.
 */
export function useRecipientsForm(branch: BranchDto | null | undefined): RecipientsFormApi {
  const editing = !!branch;
  const me = useSession()?.user;
  const members = trpc.members.list.useQuery();
  const teamEmails = useMemo(
    () => new Set([...(members.data ?? []).map((m) => m.email.toLowerCase()), ...(me ? [me.email.toLowerCase()] : [])]),
    [members.data, me],
  );
  // useForm reads the rules it is given on each render.
  const validate = useMemo(
    () => schemaResolver(recipientsFormSchema({ teamEmails, editing }), { sync: true }),
    [teamEmails, editing],
  );
  return useForm<RecipientsValues>({
    initialValues: {
      name: branch?.name ?? '',
      mode: 'new',
      recipients: branch?.signerships.length
        ? branch.signerships.map((s) =>
            newRow({ firstName: s.signer.firstName, lastName: s.signer.lastName, email: s.signer.email }),
          )
        : [newRow()],
      signerGroup: null,
      allowComments: branch?.allowComments ?? true,
      sendTeaser: branch?.sendTeaser ?? false,
      inheritNdaFromProject: branch?.inheritNdaFromProject ?? true,
      ndaName: '',
      ndaMode: 'file',
      ndaFile: null,
      ndaTemplate: null,
    },
    validateInputOnBlur: true,
    validate,
  });
}
