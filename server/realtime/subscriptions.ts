import type { Socket } from 'socket.io';
import { z } from 'zod';
import { recordId } from '@shared/schemas/ids.js';
import type { ClientToServerEvents, ServerToClientEvents, SubscribeAck } from '@shared/realtime/contract.js';
import type { Core } from '../core.js';
import { AppError, toHttpError } from '../errors.js';
import type { Actor } from '../policies/actor.js';
import { authorizeParticipant } from '../policies/negotiation.js';
import { authorizeProject, signerBranchIds } from '../policies/project.js';
import { parseGuardedRoom, rooms } from './rooms.js';
import type { MessageLimits } from './message-limits.js';
import type { SocketData } from './socket-data.js';

const targetSchema = z.union([z.object({ projectId: recordId }), z.object({ ndaId: recordId })]);
export type Ack = (answer: SubscribeAck) => void;

/**
 * The rooms a socket may join for a project or an NDA, decided by the same policies as the HTTP
 * calls: a project's senders join its room, its signers only their groups' rooms; an NDA's room is
 * for both sides of its negotiation.
 */
export async function roomsFor(core: Core, actor: Actor, raw: unknown): Promise<string[]> {
  const parsed = targetSchema.parse(raw);
  if ('ndaId' in parsed) {
    await authorizeParticipant(core.db, actor, parsed.ndaId);
    return [rooms.nda(parsed.ndaId)];
  }
  const { access } = await authorizeProject(core.db, actor, parsed.projectId, 'view');
  if (access !== 'signer') return [rooms.project(parsed.projectId)];
  return (await signerBranchIds(core.db, actor.user.id, parsed.projectId)).map(rooms.branch);
}

/**
 * Whether the actor may (still) be in a room: the policy of subscribe asked again, for a socket
 * already in it. The socket's own rooms (user, session) always pass; a refusal (404, 403) fails.
 */
export async function mayStayIn(core: Core, actor: Actor, room: string): Promise<boolean> {
  const target = parseGuardedRoom(room);
  if (!target) return true;
  try {
    if (target.kind === 'nda') return (await roomsFor(core, actor, { ndaId: target.id })).includes(room);
    const projectId =
      target.kind === 'project'
        ? target.id
        : (
            await core.db
              .selectFrom('projectBranches')
              .select('projectId')
              .where('id', '=', target.id)
              .executeTakeFirst()
          )?.projectId;
    if (projectId === undefined) return false;
    return (await roomsFor(core, actor, { projectId })).includes(room);
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/** One key per target, as the client names it. */
function keyOf(target: z.infer<typeof targetSchema>): string {
  return 'ndaId' in target ? `nda:${target.ndaId}` : `project:${target.projectId}`;
}

/** The rooms of a project or an NDA this socket is in: the project's room and its groups' rooms. */
async function joinedRoomsOf(core: Core, joined: Set<string>, parsed: z.infer<typeof targetSchema>): Promise<string[]> {
  if ('ndaId' in parsed) return [rooms.nda(parsed.ndaId)].filter((r) => joined.has(r));
  const branches = await core.db
    .selectFrom('projectBranches')
    .select('id')
    .where('projectId', '=', parsed.projectId)
    .execute();
  return [rooms.project(parsed.projectId), ...branches.map((b) => rooms.branch(b.id))].filter((r) => joined.has(r));
}

/**
 * subscribe and unsubscribe. Asking again for a target whose rooms the socket is still in answers
 * from memory, with no database work; a room taken away meanwhile (access revoked) makes the policy
 * decide again. A user's database work runs one piece at a time (limits.inTurn), so a burst of
 * messages from one user waits behind itself and not in front of every other tenant's queries.
 */
export function handleSubscriptions(
  core: Core,
  socket: Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>,
  actor: Actor,
  limits: Pick<MessageLimits, 'inTurn'>,
): void {
  // What each subscribe of this socket answered, by target: the rooms it joined.
  const answered = new Map<string, string[]>();
  const invalid = (ack?: Ack) => ack?.({ ok: false, error: 'Invalid room.' });
  // The messages about one target are handled in the order they came: an unsubscribe still reading
  // its rooms must not leave them after a later subscribe has been answered (a page that closes and
  // opens the same NDA quickly would stay deaf to it).
  const inOrder = new Map<string, Promise<void>>();
  const inTurnFor = (key: string, work: () => Promise<void>) => {
    const next = (inOrder.get(key) ?? Promise.resolve())
      .then(work)
      .catch((err: unknown) => core.log.warn({ err }, 'a room message could not be handled'));
    inOrder.set(key, next);
    void next.then(() => inOrder.get(key) === next && inOrder.delete(key));
  };

  socket.on('subscribe', (raw: unknown, ack?: Ack) => {
    const parsed = targetSchema.safeParse(raw);
    if (!parsed.success) return invalid(ack);
    const key = keyOf(parsed.data);
    inTurnFor(key, () => subscribe(parsed.data, key, ack));
  });
  const subscribe = async (target: z.infer<typeof targetSchema>, key: string, ack?: Ack) => {
    const known = answered.get(key);
    if (known && known.every((room) => socket.rooms.has(room))) return ack?.({ ok: true, rooms: known });
    try {
      // A socket gone while its message waited for its turn costs nothing more.
      const list = await limits.inTurn(actor.user.id, async () =>
        socket.connected ? roomsFor(core, actor, target) : null,
      );
      if (!list) return;
      await socket.join(list);
      answered.set(key, list);
      ack?.({ ok: true, rooms: list });
    } catch (err) {
      const answer = toHttpError(err);
      if (answer.status >= 500) core.log.warn({ err }, 'a room could not be joined');
      ack?.({
        ok: false,
        error: String(answer.body.detail ?? 'Not found.'),
        ...(answer.status >= 500 && { retry: true }),
      });
    }
  };
  socket.on('unsubscribe', (raw: unknown, ack?: Ack) => {
    const parsed = targetSchema.safeParse(raw);
    if (!parsed.success) return invalid(ack);
    const key = keyOf(parsed.data);
    inTurnFor(key, () => unsubscribe(parsed.data, key, ack));
  });
  const unsubscribe = async (target: z.infer<typeof targetSchema>, key: string, ack?: Ack) => {
    try {
      // Only that project's rooms: the socket stays in the rooms of the other projects it follows.
      const list =
        answered.get(key)?.filter((room) => socket.rooms.has(room)) ??
        (await limits.inTurn(actor.user.id, () => joinedRoomsOf(core, socket.rooms, target)));
      answered.delete(key);
      for (const room of list) await socket.leave(room);
      ack?.({ ok: true, rooms: list });
    } catch {
      invalid(ack);
    }
  };
}
