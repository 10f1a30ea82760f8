import type { PlaybookEntry } from '@shared/playbook.js';
import type { PlaybookClausesTable } from '@server/db/schema.js';
import type { Selectable } from 'kysely';

export interface PlaybookDto {
  clauses: PlaybookEntry[];
}

/** A playbook's rows, in the order they were given. */
export function presentPlaybook(rows: Array<Selectable<PlaybookClausesTable>>): PlaybookDto {
  return {
    clauses: [...rows]
      .sort((a, b) => a.position - b.position)
      .map((r) => ({
        key: r.clauseKey,
        preferred: r.preferred,
        fallbacks: r.fallbacks as string[],
        walkAway: r.walkAway,
        guidance: r.guidance,
      })),
  };
}
