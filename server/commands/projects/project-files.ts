import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import type { Upload } from '../ndas/store-nda-document.js';
import {
  applyProjectFile,
  discardProjectFile,
  type StoredProjectFile,
  storeProjectFile,
} from '../project-files/set-project-file.js';

export interface ProjectUploads {
  teaser?: Upload;
  cim?: Upload;
}

/**
 * Teaser and CIM sent with a project form: checked and stored before the transaction (no file work
 * inside it), attached inside it by `work`, and removed again when anything fails.
 */
export async function withProjectFiles<T>(
  core: Core,
  { projectId, uploads }: { projectId: number; uploads: ProjectUploads },
  work: (attachFiles: (tx: Tx) => Promise<void>) => Promise<T>,
): Promise<T> {
  const stored: StoredProjectFile[] = [];
  try {
    for (const kind of ['teaser', 'cim'] as const) {
      const upload = uploads[kind];
      if (upload) stored.push(await storeProjectFile(core, { projectId, kind, upload }));
    }
    return await work(async (tx) => {
      for (const file of stored) await applyProjectFile(core, tx, { projectId, file });
    });
  } catch (err) {
    for (const file of stored) await discardProjectFile(core, file);
    throw err;
  }
}
