import { Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PROJECT_MESSAGES, PROJECT_NAME_MAX, PROJECT_SUMMARY_MAX } from '@shared/schemas/projects';
import { notifyError, notifySuccess } from '@client/components/ui/notify';
import { applyFormErrorsTo, errorMessageOf } from '@client/lib/errors';
import { useCreateNda } from '../api/ndas';
import { createProject } from '../api/projects';
import { trpc } from '@client/lib/trpc';
import { needsConversion } from '@client/lib/document-file';
import { EMPTY_NDA_DRAFT, type NdaDraft, type NdaDraftErrors, ndaDraftErrors, ndaSourceOf } from '../nda-draft';
import { DocumentDropzone } from '@client/components/ui/DocumentDropzone';
import { FormSection } from '@client/components/ui/FormSection';
import { MemberPicker } from './MemberPicker';
import { NdaSourceFields } from './NdaSourceFields';
import { ProjectLimitModal } from './ProjectLimitModal';
import { UploadProgress } from '@client/components/ui/UploadProgress';

interface Errors {
  name?: string;
  summary?: string;
  members?: string;
  teaser?: string;
  cim?: string;
  nda: NdaDraftErrors;
}

function nameError(name: string): string | undefined {
  const value = name.trim();
  if (!value) return PROJECT_MESSAGES.enterName;
  if (value.length > PROJECT_NAME_MAX) return `Ensure this field has no more than ${PROJECT_NAME_MAX} characters.`;
  return undefined;
}

/**
 * Add project (spec 2): name, team, summary, the project NDA, teaser and CIM. The project is created
 * first (with its teaser and CIM), then its NDA; on success the recipients page of the new project opens.
 */
export function AddProjectForm({ blocked }: { blocked: boolean }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const createNda = useCreateNda();
  const [name, setName] = useState('');
  const [summary, setSummary] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [teaser, setTeaser] = useState<File | null>(null);
  const [cim, setCim] = useState<File | null>(null);
  const [nda, setNda] = useState<NdaDraft>(EMPTY_NDA_DRAFT);
  const [errors, setErrors] = useState<Errors>({ nda: {} });
  const [saving, setSaving] = useState(false);
  const [limitOpened, limit] = useDisclosure(false);

  const validate = (): boolean => {
    const next: Errors = { name: nameError(name), nda: ndaDraftErrors(nda, { sourceRequired: true }) };
    setErrors(next);
    return !next.name && !next.nda.name && !next.nda.source;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (saving || blocked || !validate()) return;
    setSaving(true);
    let projectId: number | null = null;
    try {
      const project = await createProject({
        name: name.trim(),
        summary: summary.trim(),
        members: members.map(Number),
        teaser,
        cim,
      });
      projectId = project.id;
      void utils.projects.list.invalidate();
      void utils.account.planUsage.invalidate();
      await createNda.mutateAsync({
        target: { project: project.id },
        name: nda.name.trim(),
        source: ndaSourceOf(nda)!,
      });
      notifySuccess(`“${project.name}” is created. Now add its first group of recipients.`);
      navigate(`/projects/${project.id}/group/create`);
    } catch (err) {
      setSaving(false);
      const message = errorMessageOf(err);
      if (projectId !== null) {
        // The project exists; only its NDA failed: finish it on the project's NDA page.
        notifyError(message, 'The project was created, but its NDA could not be saved');
        navigate(`/projects/${projectId}/nda`);
        return;
      }
      if (message === PROJECT_MESSAGES.notEnoughCredits) {
        limit.open();
        return;
      }
      const fields = applyFormErrorsTo(err, ['name', 'summary', 'members', 'teaser', 'cim']);
      setErrors((e) => ({ ...e, ...fields }));
    }
  };

  const converting =
    needsConversion(teaser) || needsConversion(cim) || (nda.mode === 'file' && needsConversion(nda.file));

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
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setErrors((x) => ({ ...x, name: undefined }));
              }}
              onBlur={() => setErrors((x) => ({ ...x, name: nameError(name) }))}
              error={errors.name}
              description={`${name.trim().length}/${PROJECT_NAME_MAX} characters`}
              disabled={saving}
            />
            <MemberPicker value={members} onChange={setMembers} disabled={saving} error={errors.members} />
            <Textarea
              label="Summary"
              placeholder="What the deal is about, for your team"
              autosize
              minRows={3}
              maxRows={8}
              maxLength={PROJECT_SUMMARY_MAX}
              value={summary}
              onChange={(e) => setSummary(e.currentTarget.value)}
              error={errors.summary}
              disabled={saving}
            />
          </Stack>
        </FormSection>

        <FormSection
          title="Project NDA"
          description="Upload your NDA (PDF, DOC, DOCX or ODT) or start from one of your templates. Each group of recipients gets it unless you choose otherwise."
        >
          <NdaSourceFields
            value={nda}
            onChange={(draft) => {
              setNda(draft);
              setErrors((x) => ({ ...x, nda: {} }));
            }}
            errors={errors.nda}
            disabled={saving}
          />
        </FormSection>

        <FormSection
          title="Teaser and CIM"
          description="Optional. Recipients see the teaser if you allow it for their group, and the CIM only once their NDA is signed."
        >
          <Stack gap="md">
            <DocumentDropzone
              label="Teaser"
              value={teaser}
              onChange={(f) => (setTeaser(f), setErrors((x) => ({ ...x, teaser: undefined })))}
              error={errors.teaser}
              disabled={saving}
              testId="teaser-file-input"
            />
            <DocumentDropzone
              label="CIM"
              description="Confidential information memorandum"
              value={cim}
              onChange={(f) => (setCim(f), setErrors((x) => ({ ...x, cim: undefined })))}
              error={errors.cim}
              disabled={saving}
              testId="cim-file-input"
            />
          </Stack>
        </FormSection>

        {saving && (
          <Stack mt="xl">
            <UploadProgress files={[teaser, cim, nda.mode === 'file' ? nda.file : null]} converting={converting} />
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
      <ProjectLimitModal opened={limitOpened} onClose={limit.close} />
    </form>
  );
}
