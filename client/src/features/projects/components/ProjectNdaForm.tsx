import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { NDA_MESSAGES } from '@shared/schemas/ndas';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrorsTo } from '@client/lib/errors';
import { useCreateNda, useEditNda } from '../api/ndas';
import type { NdaDto } from '@client/lib/api-types';
import { needsConversion } from '@client/lib/document-file';
import { type NdaDraft, type NdaDraftErrors, ndaDraftErrors, ndaSourceOf } from '../nda-draft';
import { FormSection } from '@client/components/ui/FormSection';
import { NdaSourceFields } from './NdaSourceFields';
import { UploadProgress } from '@client/components/ui/UploadProgress';

/** Edit project NDA (spec 2): its name, and a new file or template; an NDA is added when the project has none. */
export function ProjectNdaForm({ projectId, nda }: { projectId: number; nda: NdaDto | null }) {
  const navigate = useNavigate();
  const create = useCreateNda();
  const edit = useEditNda();
  const [draft, setDraft] = useState<NdaDraft>({ name: nda?.name ?? '', mode: 'file', file: null, template: null });
  const [errors, setErrors] = useState<NdaDraftErrors>({});
  const pending = create.isPending || edit.isPending;
  const back = `/projects/${projectId}`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const next = ndaDraftErrors(draft, { sourceRequired: !nda });
    if (nda && !draft.name.trim()) next.name = NDA_MESSAGES.name;
    setErrors(next);
    if (next.name || next.source) return;
    const source = ndaSourceOf(draft);
    try {
      if (nda)
        await edit.mutateAsync({
          id: nda.id,
          name: draft.name.trim() !== nda.name ? draft.name.trim() : undefined,
          source,
        });
      else await create.mutateAsync({ target: { project: projectId }, name: draft.name.trim(), source: source! });
      notifySuccess(nda ? 'The project NDA is saved.' : 'The project NDA is added.');
      navigate(back);
    } catch (err) {
      const fields = applyFormErrorsTo(err, ['name', 'file', 'template']);
      setErrors({ name: fields.name, source: fields.file ?? fields.template });
    }
  };

  const unchanged = !!nda && draft.name.trim() === nda.name && !ndaSourceOf(draft);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
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
            <NdaSourceFields
              value={draft}
              onChange={(d) => (setDraft(d), setErrors({}))}
              errors={errors}
              disabled={pending}
            />
            {pending && draft.mode === 'file' && draft.file && (
              <UploadProgress files={[draft.file]} converting={needsConversion(draft.file)} />
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
