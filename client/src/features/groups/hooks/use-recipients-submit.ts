import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifySuccess } from '@client/components/ui/notify';
import type { BranchDto } from '@client/lib/api-types';
import { applyFormErrors, errorBodyOf } from '@client/lib/errors';
import { useCreateGroup, useUpdateGroup } from '../api/groups';
import { isBlank, newRow, type RecipientsFormApi, type RecipientsValues } from '../recipient-rows';

/** Send creates the group and opens the send modal; Review and Send creates it and opens the review page; Update saves an edit. */
export type RecipientsAction = 'send' | 'review' | 'update';

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

const fieldsOf = (v: RecipientsValues) => ({
  name: v.name.trim(),
  allowComments: v.allowComments,
  sendTeaser: v.sendTeaser,
  inheritNdaFromProject: v.inheritNdaFromProject,
});

const recipientsOf = (v: RecipientsValues) =>
  v.recipients
    .filter((r) => !isBlank(r))
    .map((r) => ({ firstName: r.firstName.trim(), lastName: r.lastName.trim(), email: r.email.trim().toLowerCase() }));

/** The group's own NDA, when it does not use the project NDA. */
const ndaOf = (v: RecipientsValues) =>
  v.inheritNdaFromProject
    ? undefined
    : {
        name: v.ndaName.trim(),
        file: v.ndaMode === 'file' ? v.ndaFile : null,
        template: v.ndaMode === 'template' ? (v.ndaTemplate?.id ?? null) : null,
      };

/**
 * The recipients page's submit: one call per action. Creating sends the group, its recipients (typed
 * rows or a contacts group) and its own NDA together; updating sends the name, the settings and the
 * typed rows together. Either is all or nothing on the server. A second press while one runs is ignored.
 */
export function useRecipientsSubmit({
  form,
  projectId,
  branch,
}: {
  form: RecipientsFormApi;
  projectId: number;
  branch: BranchDto | null | undefined;
}) {
  const navigate = useNavigate();
  const createGroup = useCreateGroup();
  const updateGroup = useUpdateGroup();
  const [pending, setPending] = useState<RecipientsAction | null>(null);
  const [created, setCreated] = useState<BranchDto | null>(null);
  const [sendOpen, setSendOpen] = useState(false);
  const busy = useRef(false);

  const validateAll = (): boolean => {
    // Blank trailing rows are dropped rather than reported.
    const rows = form.getValues().recipients;
    const kept = rows.filter((r) => !isBlank(r));
    if (kept.length !== rows.length) form.setFieldValue('recipients', kept.length ? kept : [newRow()]);
    return !form.validate().hasErrors;
  };

  const run = async (action: RecipientsAction) => {
    if (busy.current || created || !validateAll()) return;
    busy.current = true;
    setPending(action);
    const v = form.getValues();
    try {
      if (action === 'update' && branch) {
        await updateGroup.mutateAsync({ id: branch.id, ...fieldsOf(v), recipients: recipientsOf(v) });
        notifySuccess(`Group ${v.name.trim()} is updated.`);
        navigate(`/projects/${projectId}/group/${branch.id}`);
        return;
      }
      const made = await createGroup.mutateAsync({
        ...fieldsOf(v),
        project: projectId,
        ...(v.mode === 'existing' ? { signerGroup: Number(v.signerGroup) } : { recipients: recipientsOf(v) }),
        nda: ndaOf(v),
      });
      setCreated(made);
      if (action === 'review') navigate(`/projects/${projectId}/group/${made.id}/review-nda`);
      else setSendOpen(true);
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      busy.current = false;
      setPending(null);
    }
  };

  return { run, pending, created, sendOpen, setSendOpen };
}
