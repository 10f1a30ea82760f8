// Support tool: grants a company extra team member seats and/or extra projects (companies.extra_members /
// extra_projects, counted on top of its plan and add-ons), for goodwill or to put right a mistaken
// charge. Plans and add-ons are sold through billing, never with this tool.
//
//   node --import tsx scripts/grant-extras.ts --email owner@firm.com --members 1 [--projects 2] [--set] [--while-running]
//
// The company is found by its owner's e-mail. Values are added to what the company has; with --set
// they replace it. The database is the server's: DATABASE_URL (PostgreSQL) when set, else the PGlite
// database under DATA_DIR (default ./data). PGlite allows one process on its directory at a time, so
// on PGlite stop the server first; --while-running (the server is up) is refused there.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { connectDatabase, type DbTarget } from '@server/db/connect.js';

const USAGE =
  'Usage: node --import tsx scripts/grant-extras.ts --email <owner e-mail> [--members N] [--projects N] [--set] [--while-running]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function count(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,4}$/.test(raw)) fail(`--${name} must be a whole number from 0 to 9999.\n${USAGE}`);
  return Number(raw);
}

function target(): { target: DbTarget; label: string; pglite: boolean } {
  const url = process.env.DATABASE_URL;
  if (url && /^postgres(ql)?:/.test(url))
    return { target: { databaseUrl: url }, label: `PostgreSQL ${new URL(url).pathname.slice(1)}`, pglite: false };
  if (url === 'memory://')
    fail('DATABASE_URL=memory:// is a throw-away database of the running server: there is nothing to grant to.');
  const dir = url || path.join(process.env.DATA_DIR || './data', 'pglite');
  return { target: { pgliteDir: dir }, label: `PGlite ${path.resolve(dir)}`, pglite: true };
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        email: { type: 'string' },
        members: { type: 'string' },
        projects: { type: 'string' },
        set: { type: 'boolean', default: false },
        'while-running': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  const { values } = parsed;
  if (values.help) return console.log(USAGE);
  const email = values.email?.trim().toLowerCase();
  const members = count('members', values.members);
  const projects = count('projects', values.projects);
  if (!email) fail(USAGE);
  if (members === undefined && projects === undefined) fail(`Give --members and/or --projects.\n${USAGE}`);

  const db = target();
  if (db.pglite && values['while-running']) {
    fail(
      `Refused: ${db.label} is the embedded database, which only one process may open. Stop the server, run this again without --while-running, then start the server.`,
    );
  }

  const kysely = await connectDatabase(db.target);
  try {
    const result = await kysely.transaction().execute(async (trx) => {
      const owner = await trx
        .selectFrom('users')
        .select(['id', 'companyId'])
        .where(sql`lower(email)`, '=', email)
        .where('role', '=', 'owner')
        .where('isDeleted', '=', false)
        .executeTakeFirst();
      if (!owner?.companyId) return null;
      return trx
        .updateTable('companies')
        .set((eb) => ({
          ...(members !== undefined && { extraMembers: values.set ? members : eb('extraMembers', '+', members) }),
          ...(projects !== undefined && { extraProjects: values.set ? projects : eb('extraProjects', '+', projects) }),
        }))
        .where('id', '=', owner.companyId)
        .returning(['id', 'name', 'extraMembers', 'extraProjects'])
        .executeTakeFirstOrThrow();
    });
    if (!result) {
      console.error(`No account owner with the e-mail ${email} in ${db.label}.`);
      process.exitCode = 1;
      return;
    }
    console.log(
      `${db.label}: company #${result.id} "${result.name}" now has ${result.extraMembers} extra team member seat(s) and ${result.extraProjects} extra project(s).`,
    );
  } finally {
    await kysely.destroy();
  }
}

await main();
