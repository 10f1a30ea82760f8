import {
  Alert,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { GROUP_NAME_MAX, recipientsFormSchema } from '@shared/schemas/groups';
import { notifySuccess } from '@client/components/ui/notify';
import { trpc } from '@client/lib/trpc';
import { useSession } from '@client/features/auth';
import { useContacts } from '@client/features/network';
import { applyFormErrors, errorBodyOf } from '@client/lib/errors';
import { useProjectNda, NdaSourceFields } from '@client/features/projects';
import type { BranchDto } from '@client/lib/api-types';
import { FormSection } from '@client/components/ui/FormSection';
import { UploadProgress } from '@client/components/ui/UploadProgress';
import { needsConversion } from '@client/lib/document-file';
import { SendNdaModal, sentMessage } from '@client/features/sending';
import { createGroup, useGroupCalls, useInvalidateGroups, useSignerGroups } from '../api/groups';
import { isBlank, newRow, type RecipientsFormApi, type RecipientsValues, sameRecipients } from '../recipient-rows';
import { RecipientRows } from './RecipientRows';

/** The group's own NDA (a group that does not use the project NDA) is in the NDA source fields. */
/** Server messages under their inputs: a row's (recipients.<row>.<field>) under that row, the rest as the other forms do. */
function showServerErrors(form: RecipientsFormApi, err: unknown): void {
  const body = errorBodyOf(err) ?? {};
  const rowKeys = Object.keys(body).filter((key) => /^recipients\.\d+\./.test(key));
  for (const key of rowKeys) {
    const value = body[key];
    form.setFieldError(key, Array.isArray(value) ? value[0] : value);
  }
  if (rowKeys.length && rowKeys.length === Object.keys(body).length) return;
  applyFormErrors(form, err, { users: 'recipients', signerGroups: 'signerGroup', projectBranch: 'name' });
}

interface RecipientsFormProps {
  projectId: number;
  projectName: string;
  /** Editing an existing group (Update) instead of creating one. */
  branch?: BranchDto | null;
}

type Action = 'send' | 'review' | 'update';

/**
 * The recipients page (spec 2): a group's name, its recipients (typed rows, or an existing contacts
 * group), its toggles and, when it does not use the project NDA, its own NDA. Send creates the group
 * and opens the send modal; Review and Send creates it and opens the review page; Update saves an edit.
 */
export function RecipientsForm({ projectId, projectName, branch }: RecipientsFormProps) {
  const navigate = useNavigate();
  const editing = !!branch;
  const me = useSession()?.user;
  const members = trpc.members.list.useQuery();
  const signerGroups = useSignerGroups(!editing);
  const contacts = useContacts();
  const projectNda = useProjectNda(projectId);
  const invalidate = useInvalidateGroups();
  const { resolveRecipients, createSignerGroup, updateBranch } = useGroupCalls();
  const [pending, setPending] = useState<Action | null>(null);
  const [created, setCreated] = useState<{ branch: BranchDto } | null>(null);
  const [sendOpen, setSendOpen] = useState(false);
  const busy = useRef(false);

  const teamEmails = useMemo(
    () => new Set([...(members.data ?? []).map((m) => m.email.toLowerCase()), ...(me ? [me.email.toLowerCase()] : [])]),
    [members.data, me],
  );
  // The team's e-mails arrive after the first render; useForm reads the rules it is given on each render.
  const validate = useMemo(
    () => schemaResolver(recipientsFormSchema({ teamEmails, editing }), { sync: true }),
    [teamEmails, editing],
  );

  const form = useForm<RecipientsValues>({
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
  const values = form.getValues();
  const ownNda = !values.inheritNdaFromProject && !editing;
  const groups = signerGroups.data?.results ?? [];
  const chosenGroup = groups.find((g) => String(g.id) === values.signerGroup);
  const contactByUser = new Map((contacts.data?.results ?? []).filter((c) => c.user).map((c) => [c.user!.pk, c]));

  const validateAll = (): boolean => {
    // Blank trailing rows are dropped rather than reported.
    const rows = form.getValues().recipients;
    const kept = rows.filter((r) => !isBlank(r));
    if (kept.length !== rows.length) form.setFieldValue('recipients', kept.length ? kept : [newRow()]);
    return !form.validate().hasErrors;
  };

  const fields = (v: RecipientsValues) => ({
    name: v.name.trim(),
    allowComments: v.allowComments,
    sendTeaser: v.sendTeaser,
    inheritNdaFromProject: v.inheritNdaFromProject,
  });
  const recipientsOf = (v: RecipientsValues) =>
    v.recipients
      .filter((r) => !isBlank(r))
      .map((r) => ({
        firstName: r.firstName.trim(),
        lastName: r.lastName.trim(),
        email: r.email.trim().toLowerCase(),
      }));

  /** One call: the group, its recipients and its own NDA, or nothing when any part is refused. */
  const create = async (v: RecipientsValues): Promise<BranchDto> => {
    const own = !v.inheritNdaFromProject;
    const made = await createGroup({
      ...fields(v),
      project: projectId,
      ...(v.mode === 'existing' ? { signerGroup: Number(v.signerGroup) } : { recipients: recipientsOf(v) }),
      nda: own
        ? {
            name: v.ndaName.trim(),
            file: v.ndaMode === 'file' ? v.ndaFile : null,
            template: v.ndaMode === 'template' ? (v.ndaTemplate?.id ?? null) : null,
          }
        : undefined,
    });
    setCreated({ branch: made });
    void invalidate(projectId);
    return made;
  };

  const update = async (v: RecipientsValues, current: BranchDto) => {
    const rows = recipientsOf(v);
    let signerGroups: number[] | undefined;
    if (
      !sameRecipients(
        rows,
        current.signerships.map((s) => s.signer),
      )
    ) {
      const { users } = await resolveRecipients(rows);
      signerGroups = [(await createSignerGroup(v.name.trim(), users)).id];
    }
    await updateBranch(current.id, { ...fields(v), ...(signerGroups ? { signerGroups } : {}) });
    await invalidate(projectId);
  };

  const run = async (action: Action) => {
    if (busy.current || created || !validateAll()) return;
    busy.current = true;
    setPending(action);
    const v = form.getValues();
    try {
      if (action === 'update' && branch) {
        await update(v, branch);
        notifySuccess(`Group ${v.name.trim()} is updated.`);
        navigate(`/projects/${projectId}/group/${branch.id}`);
        return;
      }
      const b = await create(v);
      if (action === 'review') navigate(`/projects/${projectId}/group/${b.id}/review-nda`);
      else setSendOpen(true);
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      busy.current = false;
      setPending(null);
    }
  };

  const locked = pending !== null || !!created;
  const converting = ownNda && values.ndaMode === 'file' && needsConversion(values.ndaFile);
  const noProjectNda = values.inheritNdaFromProject && projectNda.isSuccess && !projectNda.nda;

  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(editing ? 'update' : 'review');
        }}
        noValidate
      >
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <FormSection
            first
            title="Group"
            description="A group is one party you send the NDA to, a buyer and its advisers for example. Each group negotiates and signs its own copy."
          >
            <TextInput
              label="Group name"
              placeholder="For example, Northwind Capital"
              required
              maxLength={GROUP_NAME_MAX}
              disabled={locked}
              {...form.getInputProps('name')}
            />
          </FormSection>

          <FormSection
            title="Recipients"
            description="They receive the NDA by e-mail. New recipients are invited to create an account; all of them are added to My Network."
          >
            <Stack gap="md">
              {!editing && (
                <SegmentedControl
                  value={values.mode}
                  onChange={(mode) => {
                    form.setFieldValue('mode', mode as RecipientsValues['mode']);
                    form.clearErrors();
                  }}
                  data={[
                    { value: 'new', label: 'New recipients' },
                    { value: 'existing', label: 'Existing contacts group' },
                  ]}
                  disabled={locked}
                  fullWidth
                  aria-label="Recipients"
                />
              )}
              {values.mode === 'new' ? (
                <RecipientRows form={form} disabled={locked} />
              ) : groups.length === 0 && signerGroups.isSuccess ? (
                <Alert
                  color="yellow"
                  variant="light"
                  icon={<IconInfoCircle size={18} />}
                  data-testid="no-contacts-group"
                >
                  Please, first create group
                </Alert>
              ) : (
                <Stack gap="sm">
                  <Select
                    label="Contacts group"
                    placeholder="Choose a contacts group"
                    data={groups.map((g) => ({ value: String(g.id), label: `${g.name} (${g.users.length})` }))}
                    searchable
                    disabled={locked || signerGroups.isPending}
                    nothingFoundMessage="No contacts group with this name"
                    {...form.getInputProps('signerGroup')}
                  />
                  {chosenGroup && (
                    <List size="sm" spacing={2} c="gray.7">
                      {chosenGroup.users.map((id) => {
                        const c = contactByUser.get(id);
                        return (
                          <List.Item key={id}>
                            {c
                              ? `${`${c.firstName} ${c.lastName}`.trim() || c.email} · ${c.email}`
                              : `Recipient #${id}`}
                          </List.Item>
                        );
                      })}
                    </List>
                  )}
                </Stack>
              )}
            </Stack>
          </FormSection>

          <FormSection title="Settings" description="What this group may do and see.">
            <Stack gap="md">
              <Switch
                label="Allow comments"
                description="Recipients can comment on clauses and negotiate them."
                disabled={locked}
                {...form.getInputProps('allowComments', { type: 'checkbox' })}
              />
              <Switch
                label="Send teaser"
                description="Recipients can view the project teaser."
                disabled={locked}
                {...form.getInputProps('sendTeaser', { type: 'checkbox' })}
              />
              <Switch
                label="Use the project NDA"
                description={
                  editing ? 'Whether this group follows the project NDA.' : 'Off: give this group an NDA of its own.'
                }
                disabled={locked || (editing && !!branch?.nda?.isSent)}
                {...form.getInputProps('inheritNdaFromProject', { type: 'checkbox' })}
              />
              {noProjectNda && !editing && (
                <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
                  This project has no NDA yet. Add it on the project’s NDA page, or switch off “Use the project NDA” and
                  give this group its own.
                </Alert>
              )}
            </Stack>
          </FormSection>

          {ownNda && (
            <FormSection title="Group NDA" description="The NDA this group receives instead of the project NDA.">
              <NdaSourceFields form={form} disabled={locked} />
            </FormSection>
          )}

          {pending && converting && (
            <Stack mt="xl">
              <UploadProgress files={[values.ndaFile]} converting />
            </Stack>
          )}

          {created && (
            <Alert
              mt="xl"
              color="teal"
              variant="light"
              icon={<IconCircleCheck size={18} />}
              title={`Group ${created.branch.name} is created`}
            >
              Send the NDA now, or review it before sending.
            </Alert>
          )}

          <Group justify="space-between" mt="xl" gap="sm">
            <Button
              variant="default"
              onClick={() =>
                navigate(created ? `/projects/${projectId}/group/${created.branch.id}` : `/projects/${projectId}`)
              }
              disabled={pending !== null}
            >
              {created ? 'Back to the project' : 'Cancel'}
            </Button>
            {editing ? (
              <Button type="submit" loading={pending === 'update'}>
                Update
              </Button>
            ) : (
              <Group gap="sm">
                <Tooltip label="The project has no NDA to send yet" disabled={!noProjectNda}>
                  <Button
                    variant="light"
                    onClick={() => (created ? setSendOpen(true) : void run('send'))}
                    loading={pending === 'send'}
                    disabled={pending === 'review' || noProjectNda}
                  >
                    Send
                  </Button>
                </Tooltip>
                <Button
                  onClick={() =>
                    created
                      ? navigate(`/projects/${projectId}/group/${created.branch.id}/review-nda`)
                      : void run('review')
                  }
                  loading={pending === 'review'}
                  disabled={pending === 'send'}
                >
                  Review and Send
                </Button>
              </Group>
            )}
          </Group>
          {editing && branch?.nda?.isSent && (
            <Text fz="xs" c="dimmed" ta="right" mt="xs">
              New recipients get the NDA when you send it to them from the tracker.
            </Text>
          )}
        </Paper>
      </form>
      {/* Outside the form: the modal's own submit must not also submit the recipients form. */}
      {created && (
        <SendNdaModal
          opened={sendOpen}
          onClose={() => setSendOpen(false)}
          branchId={created.branch.id}
          defaultSubject={projectName}
          onSent={(result) => {
            notifySuccess(sentMessage(result.sent, created.branch.name));
            navigate(`/projects/${projectId}/group/${created.branch.id}`);
          }}
        />
      )}
    </>
  );
}
