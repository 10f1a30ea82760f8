import type { Kysely } from 'kysely';
import { EVENT_SENTENCES, type EventType } from '@shared/events.js';
import { openThreads, settledStatusText } from '@shared/negotiation.js';
import type { Database, NdaRow } from '@server/db/schema.js';
import { authorNames } from '@server/presenters/thread.js';
import { type ThreadHistory, threadHistories } from '@server/queries/threads/thread-histories.js';
import { formatUtc } from '@server/services/signing/text.js';
import type { Amendment, CertificateThread, Opening, Party, TimelineEntry } from '@server/services/signing/types.js';

const TIMELINE: Partial<Record<EventType, string>> = {
  nda_sent: 'NDA sent',
  nda_opened: 'NDA opened',
  new_comments_thread: 'Comment thread opened',
  new_comment: 'Comment written',
  approved: 'Thread approved',
  rejected: 'Thread rejected',
  comments_thread_deleted: 'Comment thread deleted',
  nda_recalled: 'NDA recalled',
  nda_restored: 'NDA restored',
  recipient_signed: 'NDA signed by the receiving party, awaiting the countersignature of the disclosing party',
};

/** A recall while a countersignature was pending voids the receiving party's signature given before it. */
const VOIDING_RECALL =
  'NDA recalled while awaiting countersignature: the receiving party’s signature given before it is void';

const ROLE_OF_SIDE: Record<string, Party['role']> = { sender: 'Disclosing party', recipient: 'Receiving party' };
const roleOf = (side: string) => ROLE_OF_SIDE[side] ?? 'Receiving party';

/** Each side's last approval of the wording that stands: who agreed to the amendment, and when. */
function approvalsOf(thread: ThreadHistory): Amendment['approvals'] {
  const last = new Map<string, ThreadHistory['currentMoves'][number]>();
  for (const m of thread.currentMoves) if (m.move === 'approve') last.set(m.side, m);
  return [...last.values()]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((m) => ({ who: m.author, role: roleOf(m.side), at: m.at }));
}

/** Threads approved by both parties, as the schedule of agreed amendments lists them. */
function amendmentsOf(threads: ThreadHistory[]): Amendment[] {
  return threads.flatMap((t, i) =>
    t.negotiationStatus === 'approved_by_both_parties'
      ? [
          {
            number: i + 1,
            pages: t.pages,
            quote: t.quote,
            wording: t.proposal ?? t.text,
            isPoint: t.proposal === null,
            approvals: approvalsOf(t),
          },
        ]
      : [],
  );
}

type Reply = { commentThreadId: number; author: string; text: string; at: string };

/** A thread's history in words, oldest first: its opening, proposals, replies and moves. */
function historyOf(thread: ThreadHistory, replies: Reply[]): CertificateThread['history'] {
  // On equal times an opening comes before its proposal, a reply before the proposal it carries.
  const entries: Array<{ at: string; order: number; what: string }> = [
    { at: thread.created, order: 0, what: `Opened by ${thread.author}` },
    ...replies.map((r) => ({ at: r.at, order: 1, what: `Reply by ${r.author}: “${r.text}”` })),
    ...thread.proposals.map((p) => ({ at: p.created, order: 2, what: `Wording proposed by ${p.author}: “${p.text}”` })),
    ...thread.moves.map((m) => ({
      at: m.at,
      order: 3,
      // A rejection is of any change at this place, even one its author proposed: not of the other side.
      what:
        m.move === 'approve'
          ? `Approved by ${m.author} for the ${roleOf(m.side).toLowerCase()}`
          : `Rejected any change to the original text: ${m.author} for the ${roleOf(m.side).toLowerCase()}`,
    })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order).map(({ at, what }) => ({ at, what }));
}

/**
 * Where the sending company last acted on this NDA through the product, for the certificate: the
 * latest sending or approval by one of its people, with the IP it was made from.
 */
async function senderAct(db: Kysely<Database>, ndaId: number, senderCompanyId: number) {
  const row = await db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.authorId')
    .select(['events.status', 'events.ip', 'events.createdAt', 'events.authorId'])
    .where('events.ndaId', '=', ndaId)
    .where('events.status', 'in', ['nda_sent', 'approved'])
    .where('users.companyId', '=', senderCompanyId)
    .where('events.ip', '<>', '')
    .orderBy('events.id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const who = (await authorNames(db, [row.authorId])).get(row.authorId!) ?? 'Deleted user';
  const what = row.status === 'nda_sent' ? 'sent the NDA' : 'approved a thread';
  return { ip: row.ip, recordedFor: `${who} ${what} on ${formatUtc(row.createdAt.toISOString())}` };
}

/**
 * What the signed PDF records of a group's NDA: its timeline, its threads with their final status and
 * history, the amendments both parties agreed, and where the sending company last acted from.
 */
export async function signingRecord(
  db: Kysely<Database>,
  { nda, senderCompanyId }: { nda: NdaRow; senderCompanyId: number },
) {
  const events = await db
    .selectFrom('events')
    .selectAll()
    .where('projectBranchId', '=', nda.projectBranchId)
    .where('status', 'in', Object.keys(TIMELINE))
    .orderBy('id')
    .execute();
  const histories = await threadHistories(db, nda.id);
  const comments = histories.length
    ? await db
        .selectFrom('comments')
        .selectAll()
        .where(
          'commentThreadId',
          'in',
          histories.map((t) => t.id),
        )
        .orderBy('id')
        .execute()
    : [];
  // An nda_sent event is about its recipient (its subject).
  const sentTo = events.filter((e) => e.status === 'nda_sent').map((e) => e.subjectId);
  const names = await authorNames(db, [
    ...events.map((e) => e.authorId),
    ...sentTo,
    ...comments.map((c) => c.authorId),
  ]);
  const name = (id: number | null) => (id && names.get(id)) || 'Deleted user';
  let pending = false;
  const timeline: TimelineEntry[] = events.map((e) => {
    const voiding = e.status === 'nda_recalled' && pending;
    if (e.status === 'recipient_signed') pending = true;
    if (e.status === 'nda_recalled') pending = false;
    return {
      at: e.createdAt.toISOString(),
      what: voiding
        ? VOIDING_RECALL
        : e.status === 'nda_sent' && e.subjectId
          ? `NDA sent to ${name(e.subjectId)}`
          : (TIMELINE[e.status as EventType] ?? EVENT_SENTENCES[e.status as EventType]),
      who: name(e.authorId),
      ip: e.ip,
    };
  });
  // Each signer's first opening (commands/ndas/record-nda-opened.ts records one per signer).
  const openings: Opening[] = [];
  const opened = new Set<number | null>();
  for (const e of events)
    if (e.status === 'nda_opened' && !opened.has(e.authorId)) {
      opened.add(e.authorId);
      openings.push({ who: name(e.authorId), at: e.createdAt.toISOString(), ip: e.ip, userAgent: e.userAgent });
    }
  const replies: Reply[] = comments.map((c) => ({
    commentThreadId: c.commentThreadId,
    author: name(c.authorId),
    text: c.text,
    at: c.createdAt.toISOString(),
  }));
  const threads: CertificateThread[] = histories.map((t, i) => ({
    number: i + 1,
    text: t.text,
    author: t.author,
    pages: t.pages,
    quote: t.quote,
    status: settledStatusText(t.negotiationStatus),
    originalTextStands: t.negotiationStatus === 'rejected_by_both_parties',
    history: historyOf(
      t,
      replies.filter((r) => r.commentThreadId === t.id),
    ),
  }));
  return {
    timeline,
    openings,
    threads,
    amendments: amendmentsOf(histories),
    openThreads: openThreads(histories).length,
    sender: await senderAct(db, nda.id, senderCompanyId),
  };
}
