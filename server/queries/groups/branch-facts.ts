import type { Kysely } from 'kysely';
import type { Database, ProjectBranchRow } from '@server/db/schema.js';
import { type BranchFacts, recipientGroupName } from '@server/presenters/branch.js';
import type { SignershipFacts } from '@server/presenters/signership.js';
import { countUnresolvedThreads } from './unresolved-comments.js';

/** Events whose subject is a user (the recipient), and group-wide events that concern every recipient. */
const ABOUT_RECIPIENT = ['nda_sent', 'recipient_added', 'recipient_removed'];
const GROUP_WIDE = ['nda_recalled', 'nda_restored'];

export interface BranchViewer {
  userId: number;
  /** A signer sees only their own signership and no colour tags. */
  isSigner: boolean;
}

/** Everything a page of groups shows beyond their rows, in five queries. */
export async function loadBranchFacts(
  db: Kysely<Database>,
  { viewer, branches }: { viewer: BranchViewer; branches: ProjectBranchRow[] },
): Promise<Map<number, BranchFacts>> {
  const out = new Map<number, BranchFacts>();
  if (branches.length === 0) return out;
  const ids = branches.map((b) => b.id);
  let signershipQuery = db
    .selectFrom('signerships')
    .innerJoin('users', 'users.id', 'signerships.userId')
    .leftJoin('companies', 'companies.id', 'users.companyId')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('events')
          .select(['events.status', 'events.createdAt'])
          .whereRef('events.projectBranchId', '=', 'signerships.projectBranchId')
          .where((w) =>
            w.or([
              w('events.authorId', '=', w.ref('signerships.userId')),
              w.and([
                w('events.subjectId', '=', w.ref('signerships.userId')),
                w('events.status', 'in', ABOUT_RECIPIENT),
              ]),
              w.and([w('events.subjectId', 'is', null), w('events.status', 'in', GROUP_WIDE)]),
            ]),
          )
          .orderBy('events.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select([
      'signerships.id',
      'signerships.projectBranchId',
      'signerships.colorStatus',
      'signerships.rejectedAt',
      'signerships.rejectionReason',
      'signerships.signedAt',
      'users.id as userId',
      'users.email',
      'users.firstName',
      'users.lastName',
      'users.passwordHash',
      'companies.name as companyName',
      'last.status as lastStatus',
      'last.createdAt as lastCreatedAt',
    ])
    .where('signerships.projectBranchId', 'in', ids)
    .orderBy('signerships.id');
  if (viewer.isSigner) signershipQuery = signershipQuery.where('signerships.userId', '=', viewer.userId);

  const [ndas, links, signerships, unresolved, passed, projects] = await Promise.all([
    db
      .selectFrom('ndas')
      .select([
        'id',
        'name',
        'projectBranchId',
        'isSent',
        'isRecalled',
        'isSigned',
        'sealPending',
        'sentAt',
        'recipientSignedAt',
      ])
      .where('projectBranchId', 'in', ids)
      .execute(),
    viewer.isSigner
      ? Promise.resolve([])
      : db
          .selectFrom('projectBranchSignerGroups')
          .select(['projectBranchId', 'signerGroupId'])
          .where('projectBranchId', 'in', ids)
          .orderBy('signerGroupId')
          .execute(),
    signershipQuery.execute(),
    countUnresolvedThreads(db, ids),
    // Whether someone passed, for the whole group: a signer sees only their own signership.
    db
      .selectFrom('signerships')
      .select('projectBranchId')
      .distinct()
      .where('projectBranchId', 'in', ids)
      .where('rejectedAt', 'is not', null)
      .execute(),
    // The project's deadline, for groups that inherit it, and its owner: the adviser a bidder contacts.
    db
      .selectFrom('projects')
      .innerJoin('users', 'users.id', 'projects.ownerId')
      .select(['projects.id', 'projects.ndaDeadline', 'users.firstName', 'users.lastName', 'users.email'])
      .where('projects.id', 'in', [...new Set(branches.map((b) => b.projectId))])
      .execute(),
  ]);

  for (const branch of branches) {
    const nda = ndas.find((n) => n.projectBranchId === branch.id);
    const project = projects.find((p) => p.id === branch.projectId)!;
    const facts: SignershipFacts[] = signerships
      .filter((s) => s.projectBranchId === branch.id)
      .map((s) => ({
        id: s.id,
        projectBranchId: s.projectBranchId,
        colorStatus: s.colorStatus,
        rejectedAt: s.rejectedAt,
        rejectionReason: s.rejectionReason,
        signedAt: s.signedAt,
        user: {
          id: s.userId,
          email: s.email,
          firstName: s.firstName,
          lastName: s.lastName,
          registered: s.passwordHash !== null,
        },
        companyName: s.companyName ?? '',
        lastEvent: s.lastStatus && s.lastCreatedAt ? { status: s.lastStatus, createdAt: s.lastCreatedAt } : null,
      }));
    out.set(branch.id, {
      nda: nda
        ? {
            id: nda.id,
            name: nda.name,
            isSent: nda.isSent,
            isRecalled: nda.isRecalled,
            isSigned: nda.isSigned,
            sealPending: nda.sealPending,
            sentAt: nda.sentAt,
            recipientSignedAt: nda.recipientSignedAt,
          }
        : null,
      signerGroups: links.filter((l) => l.projectBranchId === branch.id).map((l) => l.signerGroupId),
      signerships: facts,
      unresolvedCommentsCount: viewer.isSigner ? 0 : (unresolved.get(branch.id) ?? 0),
      passed: passed.some((p) => p.projectBranchId === branch.id),
      showColors: !viewer.isSigner,
      recipientName: viewer.isSigner ? recipientName(facts, viewer.userId) : null,
      projectDeadline: project.ndaDeadline,
      adviser: { name: `${project.firstName} ${project.lastName}`.trim() || project.email, email: project.email },
    });
  }
  return out;
}

/** A signer's own signership carries their company: the name they see for the group. */
function recipientName(signerships: SignershipFacts[], userId: number): string {
  const own = signerships.find((s) => s.user.id === userId);
  return own ? recipientGroupName({ ...own.user, companyName: own.companyName }) : '';
}
