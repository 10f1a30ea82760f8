import type { MessageHandlers } from '@client/features/realtime';

/**
 * Which socket messages change the clause view: any change of a thread, pointer, status or proposal
 * on one of the project's group NDAs, and an NDA added to or removed from the project. Each calls
 * `refresh` (the view is read again: a move can regroup clauses, so patching the cache is not worth it).
 */
export function overviewHandlers(
  projectId: number,
  ndas: () => ReadonlySet<number>,
  refresh: () => void,
): MessageHandlers {
  const ofProject = (m: { nda: number }) => {
    if (ndas().has(m.nda)) refresh();
  };
  return {
    'thread.created': ofProject,
    'thread.updated': ofProject,
    'thread.deleted': ofProject,
    'pointer.created': ofProject,
    'pointer.deleted': ofProject,
    'negotiation.changed': ofProject,
    'proposal.created': ofProject,
    'nda.created': (nda) => nda.project === projectId && refresh(),
    'nda.deleted': (m) => m.project === projectId && refresh(),
  };
}
