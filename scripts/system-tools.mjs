// The system programs the tests need beside Node: Chromium's headless shell for the end-to-end tests,
// poppler-utils for PDF previews and checks, LibreOffice (Writer) for DOC/DOCX/ODT conversion.
// `npm test` runs this first, and so does .ci/run: what is missing is installed with apt-get when this
// runs as root on a Debian-like system; otherwise it stops at once and prints the one command that
// installs it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { chromiumPath } from './chromium.mjs';
import { onPath } from './on-path.mjs';

/** Each tool: how to tell it is there, and the Debian packages that bring it. */
const TOOLS = [
  {
    what: 'Chromium (end-to-end tests)',
    present: () => fs.existsSync(chromiumPath()),
    packages: ['chromium-headless-shell'],
  },
  { what: 'poppler-utils (PDF previews and checks)', present: () => onPath('pdfsig'), packages: ['poppler-utils'] },
  {
    what: 'LibreOffice Writer (DOC, DOCX and ODT conversion)',
    present: () => onPath('soffice'),
    packages: ['libreoffice-writer-nogui', 'fonts-dejavu-core'],
  },
];

const missing = TOOLS.filter((tool) => !tool.present());
if (missing.length === 0) process.exit(0);

const packages = missing.flatMap((tool) => tool.packages);
const install = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
const canInstall = process.getuid?.() === 0 && onPath('apt-get');
console.log(`Missing: ${missing.map((tool) => tool.what).join('; ')}.`);
if (!canInstall) {
  console.error(`Install it, then run the tests again:\n\n  sudo ${install}\n`);
  process.exit(1);
}
console.log(`Installing ${packages.join(' ')} with apt-get`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', '--no-install-recommends', ...packages],
]) {
  const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (run.status !== 0) {
    console.error(`apt-get ${args[0]} failed. Install the tools by hand:\n\n  sudo ${install}\n`);
    process.exit(1);
  }
}
const still = TOOLS.filter((tool) => !tool.present());
if (still.length) {
  console.error(`Still missing after apt-get: ${still.map((tool) => tool.what).join('; ')}.`);
  process.exit(1);
}
