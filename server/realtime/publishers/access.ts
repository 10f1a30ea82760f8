import type { Tx } from '@server/db/transaction.js';
import type { AccessTargets } from '../publisher.js';
import type { Realtime } from './after-commit.js';

/**
 * Access changed (a recipient or a team member taken off, an account removed, an NDA deleted): once
 * the change commits, the sockets of these users and rooms leave the rooms they may no longer be in,
 * before the command answers.
 */
export function publishAccessChanged(core: Realtime, tx: Tx, targets: AccessTargets): void {
  if (!targets.users?.length && !targets.rooms?.length) return;
  tx.afterCommit(() => core.realtime.revalidate(targets));
}
