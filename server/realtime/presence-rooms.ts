import type { PresenceChanged, PresenceViewer } from '@shared/realtime/contract.js';

/** A viewer as one process knows them: `at` (ms) says which of a user's sockets moved last. */
export interface ViewerState extends PresenceViewer {
  at: number;
}

/** What one process tells the others about its own sockets. */
export type PeerMessage =
  | { kind: 'diff'; uid: string; seq: number; rooms: Record<string, { set: ViewerState[]; gone: number[] }> }
  | { kind: 'full'; uid: string; seq: number; rooms: Record<string, ViewerState[]> }
  | { kind: 'hello' | 'bye'; uid: string }
  | { kind: 'alive'; uid: string; seq: number }
  | { kind: 'sync'; uid: string; from: string };

export interface Flushed {
  /** A change to the sockets of this process already told about the room (all but `except`). */
  changes: Array<{ room: string; except: string[]; message: PresenceChanged }>;
  /** The whole list, once, to sockets of this process that joined the room since the last flush. */
  lists: Array<{ room: string; sockets: string[]; message: PresenceChanged }>;
  /** For the other processes: what changed among this process's own viewers, and answers or requests of state. */
  peers: PeerMessage[];
}

interface Peer {
  seq: number;
  seenAt: number;
  rooms: Map<string, Map<number, ViewerState>>;
}

const ndaOf = (room: string) => Number(room.slice(4));

/**
 * Who views each NDA room, as one server process sees it, with changes gathered between flushes: the
 * caller flushes at most ten times a second, and each flush sends each room one message with the
 * changes since the last (`viewers` added or moved, `left` gone), and the whole list once to each
 * socket that joined meanwhile. A user with several sockets shows once, on the page they moved to
 * last. Each process knows its own sockets and learns the others' viewers from their messages
 * (PeerMessage, numbered: a gap or an unknown process asks that process for its whole state). Pure:
 * the caller sends what flush() answers.
 */
export class PresenceRooms {
  private readonly local = new Map<string, Map<string, ViewerState>>();
  /** What the other processes were last told about this process's viewers, by room and user. */
  private readonly shared = new Map<string, Map<number, ViewerState>>();
  private readonly peers = new Map<string, Peer>();
  /** What this process's sockets in each room were last told. */
  private readonly told = new Map<string, Map<number, PresenceViewer>>();
  private readonly newcomers = new Map<string, Set<string>>();
  private readonly localDirty = new Set<string>();
  private readonly viewDirty = new Set<string>();
  private seq = 0;
  /** Requests of another process's whole state, to send. */
  private readonly syncs: PeerMessage[] = [];
  /** Whether another process asked for this one's whole state. */
  private fullWanted = false;

  constructor(
    readonly uid: string,
    private readonly now: () => number = Date.now,
  ) {}

  get pending(): boolean {
    return (
      this.localDirty.size > 0 ||
      this.viewDirty.size > 0 ||
      this.newcomers.size > 0 ||
      this.syncs.length > 0 ||
      this.fullWanted
    );
  }

  join(room: string, socket: string, viewer: PresenceViewer): void {
    let sockets = this.local.get(room);
    if (!sockets) this.local.set(room, (sockets = new Map()));
    sockets.set(socket, { ...viewer, at: this.now() });
    let joined = this.newcomers.get(room);
    if (!joined) this.newcomers.set(room, (joined = new Set()));
    joined.add(socket);
    this.localDirty.add(room);
  }

  leave(room: string, socket: string): void {
    const sockets = this.local.get(room);
    if (!sockets?.delete(socket)) return;
    if (!sockets.size) this.local.delete(room);
    const joined = this.newcomers.get(room);
    if (joined?.delete(socket) && !joined.size) this.newcomers.delete(room);
    this.localDirty.add(room);
  }

  /** A socket's page; false when the socket is not known in the room. */
  setPage(room: string, socket: string, page: number): boolean {
    const viewer = this.local.get(room)?.get(socket);
    if (!viewer) return false;
    viewer.page = page;
    viewer.at = this.now();
    this.localDirty.add(room);
    return true;
  }

  /** A message from another process; what this one must answer goes out with the next flush. */
  receive(message: PeerMessage): void {
    if (message.uid === this.uid) return;
    const peer = this.peers.get(message.uid);
    if (peer) peer.seenAt = this.now();
    switch (message.kind) {
      case 'hello':
        this.fullWanted = true;
        return;
      case 'sync':
        if (message.from === this.uid) this.fullWanted = true;
        return;
      case 'bye':
        this.dropPeer(message.uid);
        return;
      case 'alive':
        if (!peer || peer.seq !== message.seq) this.askSync(message.uid);
        return;
      case 'full': {
        const rooms = new Map<string, Map<number, ViewerState>>();
        for (const [room, viewers] of Object.entries(message.rooms))
          rooms.set(room, new Map(viewers.map((v) => [v.userId, v])));
        for (const room of new Set([...rooms.keys(), ...(peer?.rooms.keys() ?? [])])) this.viewDirty.add(room);
        this.peers.set(message.uid, { seq: message.seq, seenAt: this.now(), rooms });
        return;
      }
      case 'diff':
        if (!peer || message.seq !== peer.seq + 1) return this.askSync(message.uid);
        peer.seq = message.seq;
        for (const [room, { set, gone }] of Object.entries(message.rooms)) {
          let viewers = peer.rooms.get(room);
          if (!viewers) peer.rooms.set(room, (viewers = new Map()));
          for (const v of set) viewers.set(v.userId, v);
          for (const id of gone) viewers.delete(id);
          if (!viewers.size) peer.rooms.delete(room);
          this.viewDirty.add(room);
        }
    }
  }

  /**
   * The users with a socket in the room on any process: this process's sockets as they are now, the
   * others' as their last message said (at most a flush and a bus hop behind).
   */
  viewers(room: string): Set<number> {
    const users = new Set<number>();
    for (const v of this.local.get(room)?.values() ?? []) users.add(v.userId);
    for (const peer of this.peers.values()) for (const id of peer.rooms.get(room)?.keys() ?? []) users.add(id);
    return users;
  }

  /** Forgets processes not heard from since `before` (ms): they stopped without saying so. */
  expire(before: number): void {
    for (const [uid, peer] of this.peers) if (peer.seenAt < before) this.dropPeer(uid);
  }

  /** What keeps the others sure this process is there, with the number of its last change. */
  alive(): PeerMessage {
    return { kind: 'alive', uid: this.uid, seq: this.seq };
  }

  flush(): Flushed {
    const out: Flushed = { changes: [], lists: [], peers: [] };
    const diff: Record<string, { set: ViewerState[]; gone: number[] }> = {};
    for (const room of this.localDirty) {
      const now = byUser(this.local.get(room)?.values() ?? []);
      const before = this.shared.get(room) ?? new Map<number, ViewerState>();
      const set = [...now.values()].filter((v) => !sameViewer(before.get(v.userId), v));
      const gone = [...before.keys()].filter((id) => !now.has(id));
      if (now.size) this.shared.set(room, now);
      else this.shared.delete(room);
      if (set.length || gone.length) diff[room] = { set, gone };
      this.viewDirty.add(room);
    }
    this.localDirty.clear();
    if (Object.keys(diff).length) out.peers.push({ kind: 'diff', uid: this.uid, seq: ++this.seq, rooms: diff });
    out.peers.push(...this.syncs.splice(0));
    // The whole state goes after the diff, with its number.
    if (this.fullWanted) out.peers.push(this.fullState());
    this.fullWanted = false;

    for (const room of new Set([...this.viewDirty, ...this.newcomers.keys()])) {
      const view = this.view(room);
      const joined = [...(this.newcomers.get(room) ?? [])];
      if (!this.local.has(room)) {
        this.told.delete(room);
        continue;
      }
      const before = this.told.get(room) ?? new Map<number, PresenceViewer>();
      const viewers = [...view.values()].filter((v) => !sameViewer(before.get(v.userId), v));
      const left = [...before.keys()].filter((id) => !view.has(id));
      if ((viewers.length || left.length) && this.local.get(room)!.size > joined.length)
        out.changes.push({ room, except: joined, message: { nda: ndaOf(room), viewers, left, full: false } });
      if (joined.length)
        out.lists.push({
          room,
          sockets: joined,
          message: { nda: ndaOf(room), viewers: [...view.values()], left: [], full: true },
        });
      this.told.set(room, view);
    }
    this.viewDirty.clear();
    this.newcomers.clear();
    return out;
  }

  /** This process's viewers in every room: the answer to hello and sync. */
  private fullState(): PeerMessage {
    const rooms: Record<string, ViewerState[]> = {};
    for (const [room, viewers] of this.shared) rooms[room] = [...viewers.values()];
    return { kind: 'full', uid: this.uid, seq: this.seq, rooms };
  }

  private askSync(from: string): void {
    if (!this.syncs.some((m) => m.kind === 'sync' && m.from === from))
      this.syncs.push({ kind: 'sync', uid: this.uid, from });
  }

  private dropPeer(uid: string): void {
    const peer = this.peers.get(uid);
    if (!peer) return;
    this.peers.delete(uid);
    for (const room of peer.rooms.keys()) this.viewDirty.add(room);
  }

  /** Everyone in the room on every process, each user once, on the page they moved to last. */
  private view(room: string): Map<number, PresenceViewer> {
    const sources = [this.shared.get(room), ...[...this.peers.values()].map((p) => p.rooms.get(room))];
    const latest = new Map<number, ViewerState>();
    for (const source of sources)
      for (const v of source?.values() ?? []) {
        const seen = latest.get(v.userId);
        if (!seen || v.at > seen.at) latest.set(v.userId, v);
      }
    const view = new Map<number, PresenceViewer>();
    for (const [id, v] of [...latest].sort((a, b) => a[0] - b[0]))
      view.set(id, { userId: v.userId, name: v.name, page: v.page });
    return view;
  }
}

function byUser(viewers: Iterable<ViewerState>): Map<number, ViewerState> {
  const users = new Map<number, ViewerState>();
  for (const v of viewers) {
    const seen = users.get(v.userId);
    if (!seen || v.at >= seen.at) users.set(v.userId, { ...v });
  }
  return users;
}

function sameViewer(a: PresenceViewer | undefined, b: PresenceViewer): boolean {
  return !!a && a.page === b.page && a.name === b.name;
}
