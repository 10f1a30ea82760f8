import type { PlaybookEntry } from '@shared/playbook';
import { trpc } from '@client/lib/trpc';

/** The project's playbook: the sending team's only (a recipient's query would be refused, so it is not made). */
export function useProjectPlaybook(projectId: number, enabled: boolean) {
  return trpc.playbooks.project.useQuery({ id: projectId }, { enabled: enabled && projectId > 0 });
}

/** Replaces one clause's entry of the project's playbook (null removes it), keeping the others. */
export function useSaveClausePlaybook(projectId: number) {
  const utils = trpc.useUtils();
  const save = trpc.playbooks.setProject.useMutation({
    onSuccess: (playbook) => utils.playbooks.project.setData({ id: projectId }, playbook),
  });
  return {
    save: (current: PlaybookEntry[], key: string, entry: PlaybookEntry | null) => {
      const others = current.filter((c) => c.key !== key);
      const clauses = entry
        ? current.some((c) => c.key === key)
          ? current.map((c) => (c.key === key ? entry : c))
          : [...others, entry]
        : others;
      return save.mutateAsync({ id: projectId, clauses });
    },
    pending: save.isPending,
  };
}
