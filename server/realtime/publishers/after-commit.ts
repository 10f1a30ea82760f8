import type { ServerMessage, ServerPayload } from '@shared/realtime/contract.js';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';

export type Realtime = Pick<Core, 'realtime'>;

/**
 * Sends the message once the transaction commits; nothing is sent for a rolled-back one. Sockets in
 * an `except` room are left out.
 */
export function emitAfterCommit<M extends ServerMessage>(
  core: Realtime,
  tx: Tx,
  rooms: string | string[],
  message: M,
  payload: ServerPayload<M>,
  options: { except?: string } = {},
): void {
  tx.afterCommit(() => core.realtime.emit(rooms, message, payload, options));
}
