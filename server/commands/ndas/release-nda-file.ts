import type { Core } from '@server/core.js';

/**
 * Run after commit: removes an NDA's PDF once no NDA refers to it. Files are immutable (a new document
 * is a new key); a group's inherited copy shares the project NDA's file until either of them changes.
 */
export async function releaseNdaFile(core: Core, key: string): Promise<void> {
  const used = await core.db.selectFrom('ndas').select('id').where('fileKey', '=', key).limit(1).executeTakeFirst();
  if (!used) await core.blobs.delete(key);
}
