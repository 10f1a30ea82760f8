import type { PlaybookEntry } from '@shared/playbook';
import { trpc } from '@client/lib/trpc';

/** The project's playbook: the sending team's only (a recipient's query would be refused, so it is not made). */
export function useProjectPlaybook(projectId: number, enabled: boolean) {
  return trpc.playbooks.project.useQuery({ id: projectId }, { enabled: enabled && projectId > 0 });
}

/** A template's playbook, which the project NDAs made from it copy: for its company's team. */
export function useTemplatePlaybook(templateId: number) {
  return trpc.playbooks.template.useQuery({ id: templateId });
}

/** Whose playbook: a project's, or a template's. */
export type PlaybookOwner = { projectId: number } | { templateId: number };

/** Saves a project's or a template's playbook as a whole, and keeps the answer in the cache. */
function useSavePlaybook(owner: PlaybookOwner) {
  const utils = trpc.useUtils();
  const project = trpc.playbooks.setProject.useMutation({
    onSuccess: (playbook, { id }) => utils.playbooks.project.setData({ id }, playbook),
  });
  const template = trpc.playbooks.setTemplate.useMutation({
    onSuccess: (playbook, { id }) => utils.playbooks.template.setData({ id }, playbook),
  });
  return 'projectId' in owner
    ? {
        mutateAsync: (clauses: PlaybookEntry[]) => project.mutateAsync({ id: owner.projectId, clauses }),
        isPending: project.isPending,
      }
    : {
        mutateAsync: (clauses: PlaybookEntry[]) => template.mutateAsync({ id: owner.templateId, clauses }),
        isPending: template.isPending,
      };
}

/** Replaces one clause's entry of the playbook (null removes it), keeping the others. */
export function useSaveClausePlaybook(owner: PlaybookOwner) {
  const save = useSavePlaybook(owner);
  return {
    save: (current: PlaybookEntry[], key: string, entry: PlaybookEntry | null) => {
      const others = current.filter((c) => c.key !== key);
      const clauses = entry
        ? current.some((c) => c.key === key)
          ? current.map((c) => (c.key === key ? entry : c))
          : [...others, entry]
        : others;
      return save.mutateAsync(clauses);
    },
    pending: save.isPending,
  };
}
