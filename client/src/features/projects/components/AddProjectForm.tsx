import { Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { addProjectFormSchema, PROJECT_NAME_MAX, PROJECT_SUMMARY_MAX } from '@shared/schemas/projects';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors, errorReasonOf } from '@client/lib/errors';
import { createProject, useStoreProject } from '../api/projects';
import { trpc } from '@client/lib/trpc';
import { needsConversion } from '@client/lib/document-file';
import { DocumentDropzone } from '@client/components/ui/DocumentDropzone';
import { FormSection } from '@client/components/ui/FormSection';
import { MemberPicker } from './MemberPicker';
import { NdaSourceFields, type NdaSourceFormValues } from './NdaSourceFields';
import { UploadProgress } from '@client/components/ui/UploadProgress';
import { useCurrentUser } from '@client/features/auth';
import { ProjectLimitModal, refreshBilling, useSubscription } from '@client/features/billing';

export interface AddProjectValues extends NdaSourceFormValues {
  name: string;
  summary: string;
  members: string[];
  teaser: File | null;
  cim: File | null;
}

/**
 * Add project (spec 2): name, team, summary, the project NDA, teaser and CIM, created in one call, so a
 * refused file creates nothing and every typed value stays; on success the recipients page of the new
 * project opens.
 */
export function AddProjectForm({ blocked }: { blocked: boolean }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const storeProject = useStoreProject();
  const [saving, setSaving] = useState(false);
  const [limitOpened, limit] = useDisclosure(false);
  const user = useCurrentUser();
  const subscription = useSubscription();
  const form = useForm<AddProjectValues>({
    mode: 'controlled',
    initialValues: {
      name: '',
      summary: '',
      members: [],
      teaser: null,
      cim: null,
      ndaName: '',
      ndaMode: 'file',
      ndaFile: null,
      ndaTemplate: null,
    },
    validate: schemaResolver(addProjectFormSchema, { sync: true }),
    validateInputOnBlur: ['name'],
  });
  const values = form.getValues();

  const submit = form.onSubmit(async (v) => {
    if (saving || blocked) return;
    setSaving(true);
    try {
      const project = await createProject({
        name: v.name.trim(),
        summary: v.summary.trim(),
        members: v.members.map(Number),
        teaser: v.teaser,
        cim: v.cim,
        ndaName: v.ndaName.trim(),
        ndaFile: v.ndaMode === 'file' ? v.ndaFile : null,
        ndaTemplate: v.ndaMode === 'template' ? (v.ndaTemplate?.id ?? null) : null,
      });
      // The next page (its recipients) reads the project from this answer.
      storeProject(project);
      void refreshBilling(utils);
      void utils.ndas.list.invalidate();
      notifySuccess(`“${project.name}” is created. Now add its first group of recipients.`);
      navigate(`/projects/${project.id}/group/create`);
    } catch (err) {
      setSaving(false);
      // The plan filled up since the page opened (another tab, a colleague): the same dialog as the button's.
      if (errorReasonOf(err) === 'plan_limit_projects') {
        void subscription.refetch();
        limit.open();
      } else applyFormErrors(form, err);
    }
  });

  const converting =
    needsConversion(values.teaser) ||
    needsConversion(values.cim) ||
    (values.ndaMode === 'file' && needsConversion(values.ndaFile));

  return (
    <form onSubmit={submit} noValidate>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <FormSection
          first
          title="Project details"
          description="The name recipients see on their invitation, and the team that runs the deal."
        >
          <Stack gap="md">
            <TextInput
              label="Project name"
              placeholder="For example, Project Atlas"
              required
              maxLength={PROJECT_NAME_MAX}
              description={`${values.name.trim().length}/${PROJECT_NAME_MAX} characters`}
              disabled={saving}
              {...form.getInputProps('name')}
            />
            <MemberPicker
              value={values.members}
              onChange={(members) => form.setFieldValue('members', members)}
              disabled={saving}
              error={form.errors.members as string | undefined}
            />
            <Textarea
              label="Summary"
              placeholder="What the deal is about, for your team"
              autosize
              minRows={3}
              maxRows={8}
              maxLength={PROJECT_SUMMARY_MAX}
              disabled={saving}
              {...form.getInputProps('summary')}
            />
          </Stack>
        </FormSection>

        <FormSection
          title="Project NDA"
          description="Upload your NDA (PDF, DOC, DOCX or ODT) or start from one of your templates. Each group of recipients gets it unless you choose otherwise."
        >
          <NdaSourceFields form={form} disabled={saving} />
        </FormSection>

        <FormSection
          title="Teaser and CIM"
          description="Optional. Recipients see the teaser if you allow it for their group, and the CIM only once their NDA is signed."
        >
          <Stack gap="md">
            <DocumentDropzone
              label="Teaser"
              value={values.teaser}
              onChange={(f) => form.setFieldValue('teaser', f)}
              error={form.errors.teaser as string | undefined}
              disabled={saving}
              testId="teaser-file-input"
            />
            <DocumentDropzone
              label="CIM"
              description="Confidential information memorandum"
              value={values.cim}
              onChange={(f) => form.setFieldValue('cim', f)}
              error={form.errors.cim as string | undefined}
              disabled={saving}
              testId="cim-file-input"
            />
          </Stack>
        </FormSection>

        {saving && (
          <Stack mt="xl">
            <UploadProgress
              files={[values.teaser, values.cim, values.ndaMode === 'file' ? values.ndaFile : null]}
              converting={converting}
            />
          </Stack>
        )}

        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={() => navigate('/projects')} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={blocked}>
            Save
          </Button>
        </Group>
      </Paper>
      <ProjectLimitModal
        opened={limitOpened}
        onClose={limit.close}
        subscription={subscription.data}
        isMember={user?.isMember ?? false}
      />
    </form>
  );
}
