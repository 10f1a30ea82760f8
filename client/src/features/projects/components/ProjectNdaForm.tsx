import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ndaSourceFormSchema } from '@shared/schemas/nda-source';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors } from '@client/lib/errors';
import { useCreateNda, useEditNda } from '../api/ndas';
import type { NdaDto } from '@client/lib/api-types';
import { needsConversion } from '@client/lib/document-file';
import { FormSection } from '@client/components/ui/FormSection';
import { NdaSourceFields, type NdaSourceFormValues, ndaSourceOf } from './NdaSourceFields';
import { UploadProgress } from '@client/components/ui/UploadProgress';

/** The NDA call's field names, and where this form shows them. */
const SERVER_FIELDS = { name: 'ndaName', file: 'ndaFile', template: 'ndaTemplate' };

/** Edit project NDA (spec 2): its name, and a new file or template; an NDA is added when the project has none. */
export function ProjectNdaForm({ projectId, nda }: { projectId: number; nda: NdaDto | null }) {
  const navigate = useNavigate();
  const create = useCreateNda();
  const edit = useEditNda();
  const form = useForm<NdaSourceFormValues>({
    mode: 'controlled',
    initialValues: { ndaName: nda?.name ?? '', ndaMode: 'file', ndaFile: null, ndaTemplate: null },
    validate: schemaResolver(ndaSourceFormSchema({ sourceRequired: !nda }), { sync: true }),
  });
  const values = form.getValues();
  const pending = create.isPending || edit.isPending;
  const back = `/projects/${projectId}`;

  const submit = form.onSubmit(async (v) => {
    if (pending) return;
    const name = v.ndaName.trim();
    const source = ndaSourceOf(v);
    try {
      if (nda) await edit.mutateAsync({ id: nda.id, name: name !== nda.name ? name : undefined, source });
      else await create.mutateAsync({ target: { project: projectId }, name, source: source! });
      notifySuccess(nda ? 'The project NDA is saved.' : 'The project NDA is added.');
      navigate(back);
    } catch (err) {
      applyFormErrors(form, err, SERVER_FIELDS);
    }
  });

  const unchanged = !!nda && values.ndaName.trim() === nda.name && !ndaSourceOf(values);

  return (
    <form onSubmit={submit} noValidate>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <FormSection
          first
          title="Project NDA"
          description={
            nda
              ? 'Rename it, or replace its document with a new file or a template. Groups that use the project NDA and have not been sent theirs yet follow the change.'
              : 'The project has no NDA yet. Upload one or start from a template.'
          }
        >
          <Stack gap="md">
            {nda && (
              <Alert variant="light" color="navy" icon={<IconInfoCircle size={18} />}>
                Current document: <b>{nda.name}</b>, {nda.pageCount} {nda.pageCount === 1 ? 'page' : 'pages'}. Leave the
                file empty to keep it.
              </Alert>
            )}
            <NdaSourceFields form={form} disabled={pending} />
            {pending && values.ndaMode === 'file' && values.ndaFile && (
              <UploadProgress files={[values.ndaFile]} converting={needsConversion(values.ndaFile)} />
            )}
          </Stack>
        </FormSection>
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={() => navigate(back)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={unchanged}>
            Save
          </Button>
        </Group>
      </Paper>
    </form>
  );
}
