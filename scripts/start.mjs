// `npm start`: builds what is missing or older than its sources, then runs the server (migrations run
// at boot). With NODE_ENV=production it runs the compiled server (dist/server, `npm run build`);
// otherwise the TypeScript sources through tsx, so a change to the server needs no build. PORT,
// DATA_DIR, DATABASE_URL... are read by server/config.ts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, SERVER_MAIN } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const production = process.env.NODE_ENV === 'production';

try {
  await ensureBuilt({ server: production });
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const args = production
  ? ['--enable-source-maps', SERVER_MAIN]
  : ['--import', 'tsx', path.join(root, 'server', 'main.ts')];
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
