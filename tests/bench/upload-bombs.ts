// `npx tsx tests/bench/upload-bombs.ts`: what each upload bomb of tests/support/bombs.ts costs the
// server (wall time, peak memory of the server process and its children) and what another user sees
// meanwhile (the slowest answer of a cheap route, polled, and a small DOCX converted at the same time).
// Loopback only, bounded in time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@server/app.js';
import { loadConfig } from '@server/config.js';
import { docxBomb, pdfContentBomb, pngBomb, smallDocx } from '@tests/support/bombs.js';
import { signaturePng } from '@tests/support/signature-png.js';
import { fixture } from '@tests/support/account-area.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-bombs-'));
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'silent' },
  { dataDir, databaseUrl: 'memory://', devMailbox: true },
);
const { app, core } = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

async function owner(email: string): Promise<Record<string, string>> {
  const post = (url: string, body: unknown) =>
    fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/api/v1/registration/', {
    email,
    password1: 'bench-password',
    password2: 'bench-password',
    first_name: 'Bench',
    last_name: 'Mark',
    location: 'London',
    company_name: `${email} Ltd`,
  });
  const mail = await core.db
    .selectFrom('outboxEmails')
    .select('textBody')
    .where('toAddress', '=', email)
    .executeTakeFirstOrThrow();
  await post('/api/v1/registration/verify-email/', { key: /user-activation\/(\S+)/.exec(mail.textBody)![1] });
  const login = await post('/api/v1/authentication/login/', { email, password: 'bench-password' });
  const { access } = (await login.json()) as { access: string };
  return { authorization: `Bearer ${access}` };
}

const attacker = await owner('attacker@example.com');
const other = await owner('other@example.com');

/** Resident memory of this process and every process below it, in MB. */
function treeRssMb(): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let kb = 0;
  const visit = (pid: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(process.pid);
  return kb / 1024;
}

function upload(
  url: string,
  method: string,
  field: string,
  body: Buffer,
  filename: string,
  extra: Record<string, string>,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append(field, new Blob([new Uint8Array(body)]), filename);
  return fetch(base + url, { method, headers: attacker, body: form });
}

/** Runs one attack while polling memory and a cheap route of another user; prints the figures. */
async function measure(name: string, attack: () => Promise<string>, alongside?: () => Promise<string>) {
  const rssBefore = treeRssMb();
  let peak = rssBefore;
  let slowest = 0;
  let done = false;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb())), 100);
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      await (await fetch(`${base}/api/v1/permissions/`, { headers: other })).arrayBuffer();
      slowest = Math.max(slowest, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const t0 = performance.now();
  const side = alongside
    ? new Promise((r) => setTimeout(r, 300)).then(async () => {
        const s0 = performance.now();
        const what = await alongside();
        return `${what} in ${((performance.now() - s0) / 1000).toFixed(1)} s`;
      })
    : null;
  const outcome = await attack();
  const seconds = (performance.now() - t0) / 1000;
  const sideOutcome = side ? await side : null;
  done = true;
  await probe;
  clearInterval(sampler);
  console.log(
    `${name}: ${outcome} after ${seconds.toFixed(1)} s; memory ${rssBefore.toFixed(0)} -> peak ${peak.toFixed(0)} MB; ` +
      `another user's GET slowest ${slowest.toFixed(0)} ms${sideOutcome ? `; another user's small DOCX ${sideOutcome}` : ''}`,
  );
}

const status = async (res: Promise<Response>) => {
  const r = await res;
  const text = await r.text();
  return `HTTP ${r.status} ${text.slice(0, 120)}`;
};

const docx = docxBomb(300);
const pdf = pdfContentBomb(200);
const png = pngBomb();
console.log(
  `bombs: DOCX ${(docx.length / 1024).toFixed(0)} KB -> 300 MB, PDF ${(pdf.length / 1024).toFixed(0)} KB -> 200 MB of operators, PNG ${(png.length / 1024).toFixed(0)} KB -> 10000x10000`,
);

await measure('small DOCX alone (control)', () =>
  status(upload('/api/v1/projects/nda_templates/', 'POST', 'file', smallDocx(), 'small.docx', { name: 'Small' })),
);
await measure(
  'DOCX zip bomb as a template',
  () => status(upload('/api/v1/projects/nda_templates/', 'POST', 'file', docx, 'bomb.docx', { name: 'Bomb' })),
  () =>
    status(
      fetch(base + '/api/v1/projects/nda_templates/', {
        method: 'POST',
        headers: other,
        body: (() => {
          const f = new FormData();
          f.append('name', 'Small');
          f.append('file', new Blob([new Uint8Array(smallDocx())]), 'small.docx');
          return f;
        })(),
      }),
    ).then((s) => s.slice(0, 8)),
);
await measure('PDF content-stream bomb as a template (preview)', () =>
  status(upload('/api/v1/projects/nda_templates/', 'POST', 'file', pdf, 'bomb.pdf', { name: 'Bomb' })),
);
await measure('PNG bomb as a signature image (upload)', () =>
  status(upload('/api/v1/me/1/', 'PATCH', 'sign', png, 'signature.png', {})),
);
const party = (signature: Uint8Array) => ({
  role: 'Receiving party' as const,
  name: 'Bench Mark',
  title: '',
  email: 'bench@example.com',
  company: 'Bench Ltd',
  companyAddress: '1 Street',
  signature,
  signedAt: new Date().toISOString(),
  ip: '127.0.0.1',
});
await measure('PNG bomb in the signing worker (a stored signature)', () =>
  core.signing
    .build({
      original: fixture('pdfs/normal.pdf'),
      documentName: 'NDA',
      documentId: 'NDA-1',
      originalSha256: '0',
      sender: party(signaturePng()),
      recipient: party(png),
      timeline: [],
      amendments: [],
      threads: [],
      fields: [],
    })
    .then(
      (out) => `built ${out.length} bytes`,
      (err: Error) => `refused (${err.message.split('\n')[0]})`,
    ),
);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
