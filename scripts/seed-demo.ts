// Demo data for a first look (npm run seed:demo): an adviser with a company and a saved signature,
// a buyer of another company, the project 'Project Atlas' with the mutual NDA, and its group
// 'Northwind' holding the buyer, the NDA sent. Made with the product's own commands, on the configured
// database (DATABASE_URL, else PGlite under DATA_DIR: stop the server first, PGlite is one process).
// Running it again changes nothing that is already there.
//
//   adviser@demo.nda / demo-adviser-1   (account owner)      buyer@demo.nda / demo-buyer-1   (signer)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { setUserImage } from '@server/commands/account/set-user-image.js';
import { confirmSignerInvitation } from '@server/commands/auth/confirm-signer-invitation.js';
import { createInvitation } from '@server/commands/auth/create-invitation.js';
import { registerOwner } from '@server/commands/auth/register-owner.js';
import { verifyEmail } from '@server/commands/auth/verify-email.js';
import { resolveRecipients } from '@server/commands/contacts/resolve-recipients.js';
import { createBranch } from '@server/commands/groups/create-branch.js';
import { createSignerGroup } from '@server/commands/groups/create-signer-group.js';
import { createNda } from '@server/commands/ndas/create-nda.js';
import { createProject } from '@server/commands/projects/create-project.js';
import { sendNda } from '@server/commands/sending/send-nda.js';
import { loadConfig } from '@server/config.js';
import { type Core, createCore } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { signaturePng } from '@tests/support/signature-png.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADVISER = {
  email: 'adviser@demo.nda',
  password: 'demo-adviser-1',
  firstName: 'Ada',
  lastName: 'Adviser',
  company: 'Demo Advisory LLP',
};
const BUYER = {
  email: 'buyer@demo.nda',
  password: 'demo-buyer-1',
  firstName: 'Noah',
  lastName: 'North',
  company: 'Northwind Capital',
};
const PROJECT = 'Project Atlas';
const GROUP = 'Northwind';

const quiet = {
  level: 'warn',
  fatal: console.error,
  error: console.error,
  warn: console.warn,
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return quiet;
  },
} as unknown as FastifyBaseLogger;

async function userRow(core: Core, email: string) {
  return core.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

async function asActor(core: Core, email: string): Promise<Actor> {
  return { user: (await userRow(core, email))!, sessionId: 'seed-demo' };
}

/** The adviser: registered as an account owner, activated with the link of the e-mail it was sent, with a signature. */
async function ensureAdviser(core: Core): Promise<Actor> {
  if (!(await userRow(core, ADVISER.email))) {
    await registerOwner(core, {
      input: {
        email: ADVISER.email,
        password1: ADVISER.password,
        password2: ADVISER.password,
        firstName: ADVISER.firstName,
        lastName: ADVISER.lastName,
        location: 'London, UK',
        companyName: ADVISER.company,
        linkedinLink: '',
        invitedWith: '',
        country: 'GB',
      },
      ip: 'seed-demo',
    });
  }
  if (!(await userRow(core, ADVISER.email))!.isActive) {
    const mail = await core.db
      .selectFrom('outboxEmails')
      .select('textBody')
      .where('toAddress', '=', ADVISER.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const key = /\/user-activation\/(\S+)/.exec(mail.textBody)?.[1];
    if (!key) throw new Error('no activation link for the adviser');
    await verifyEmail(core, { input: { key: decodeURIComponent(key) } });
  }
  if (!(await userRow(core, ADVISER.email))!.signKey)
    await setUserImage(core, {
      actor: await asActor(core, ADVISER.email),
      kind: 'sign',
      upload: { body: signaturePng(), tooLarge: false },
    });
  return asActor(core, ADVISER.email);
}

/** The buyer: invited as a signer and registered with their own company. */
async function ensureBuyer(core: Core, adviser: Actor): Promise<void> {
  const existing = await userRow(core, BUYER.email);
  if (existing?.passwordHash) return;
  const invitation = await core.tx((tx) =>
    createInvitation(tx, { email: BUYER.email, role: 'signer', invitedById: adviser.user.id, companyId: null }),
  );
  await confirmSignerInvitation(core, {
    input: {
      uid: invitation.uid,
      token: invitation.token,
      newPassword1: BUYER.password,
      newPassword2: BUYER.password,
      firstName: BUYER.firstName,
      lastName: BUYER.lastName,
      location: 'Amsterdam, NL',
      linkedinLink: 'https://www.linkedin.com/in/northwind-demo',
      companyName: BUYER.company,
    },
  });
}

async function ensureProject(core: Core, adviser: Actor): Promise<number> {
  const found = await core.db
    .selectFrom('projects')
    .select('id')
    .where('companyId', '=', adviser.user.companyId!)
    .where('name', '=', PROJECT)
    .executeTakeFirst();
  const projectId =
    found?.id ??
    (
      await createProject(core, {
        actor: adviser,
        input: { name: PROJECT, summary: 'Sale of a majority stake in a European logistics group.', members: [] },
      })
    ).id;
  const nda = await core.db
    .selectFrom('ndas')
    .select('id')
    .where('projectId', '=', projectId)
    .where('projectBranchId', 'is', null)
    .executeTakeFirst();
  if (!nda) {
    const body = fs.readFileSync(path.join(ROOT, 'tests', 'fixtures', 'ndas', 'mutual-nda.pdf'));
    await createNda(core, {
      actor: adviser,
      input: { project: projectId, name: 'Mutual NDA' },
      upload: { body, tooLarge: false, filename: 'mutual-nda.pdf' },
    });
  }
  return projectId;
}

async function ensureSentGroup(core: Core, adviser: Actor, projectId: number): Promise<number> {
  const found = await core.db
    .selectFrom('projectBranches')
    .select('id')
    .where('projectId', '=', projectId)
    .where('name', '=', GROUP)
    .executeTakeFirst();
  let branchId = found?.id;
  if (!branchId) {
    const { users } = await resolveRecipients(core, {
      actor: adviser,
      input: { recipients: [{ email: BUYER.email, firstName: BUYER.firstName, lastName: BUYER.lastName }] },
    });
    const signerGroup = await createSignerGroup(core, { actor: adviser, input: { name: GROUP, users } });
    branchId = (
      await createBranch(core, {
        actor: adviser,
        input: {
          name: GROUP,
          project: projectId,
          signerGroups: [signerGroup.id],
          recipients: undefined,
          allowComments: true,
          sendTeaser: true,
          inheritNdaFromProject: true,
        },
      })
    ).id;
  }
  const nda = await core.db
    .selectFrom('ndas')
    .select('isSent')
    .where('projectBranchId', '=', branchId)
    .executeTakeFirst();
  if (!nda?.isSent) {
    await sendNda(core, {
      actor: adviser,
      branchId,
      input: {
        subject: `${PROJECT} – NDA`,
        note: 'Please review the attached mutual NDA. Comments are welcome on any clause.',
      },
    });
  }
  return branchId;
}

async function main(): Promise<void> {
  const core = await createCore(loadConfig(), quiet);
  try {
    const adviser = await ensureAdviser(core);
    await ensureBuyer(core, adviser);
    const projectId = await ensureProject(core, adviser);
    const branchId = await ensureSentGroup(core, adviser, projectId);
    console.log(`Demo ready on ${core.config.databaseUrl ? 'PostgreSQL' : `PGlite under ${core.config.dataDir}`}:`);
    console.log(`  adviser  ${ADVISER.email} / ${ADVISER.password}  -> ${core.config.appUrl}/projects/${projectId}`);
    console.log(
      `  buyer    ${BUYER.email} / ${BUYER.password}  -> ${core.config.appUrl}/projects/${projectId}/group/${branchId}/nda`,
    );
  } finally {
    await core.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
