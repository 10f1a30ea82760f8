// `npm run build`: the client (Vite, then every text asset precompressed as .br and .gz beside it,
// which the server sends to browsers that accept them) and the server with its signing worker
// (esbuild, under dist/server). `npm start` and the end-to-end server call ensureBuilt() to rebuild
// only what is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT_OUT = path.join(root, 'dist', 'client');
export const CLIENT_INDEX = path.join(CLIENT_OUT, 'index.html');
export const SERVER_MAIN = path.join(root, 'dist', 'server', 'main.js');

/** Newest modification time under the given files and folders. */
function newestMtime(...targets) {
  let newest = 0;
  for (const target of targets) {
    const p = path.join(root, target);
    if (!fs.existsSync(p)) continue;
    const stat = fs.statSync(p);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const entry of fs.readdirSync(p, { withFileTypes: true }))
      newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function isStale(output, sources) {
  return !fs.existsSync(output) || fs.statSync(output).mtimeMs < newestMtime(...sources);
}

export const clientIsStale = () => isStale(CLIENT_INDEX, ['client', 'shared', 'aliases.config.ts']);
export const serverIsStale = () => isStale(SERVER_MAIN, ['server', 'shared', 'migrations', 'tsconfig.json']);

export function buildClient() {
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'client/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    // NODE_ENV=production whatever the caller runs with: Vite takes NODE_ENV from the environment, and
    // under NODE_ENV=test (the end-to-end server, which rebuilds a stale client) it bundled React's
    // development build, twice the size and several times slower.
    {
      cwd: root,
      stdio: 'inherit',
      env: { VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...process.env, NODE_ENV: 'production' },
    },
  );
  if (r.status !== 0) throw new Error(`the client build failed (exit ${r.status})`);
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes name.br and name.gz beside each text file of the client build, when they save space. */
export async function precompressClient(dir = CLIENT_OUT) {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const body = fs.readFileSync(file);
      if (body.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            // Quality 9 is within a few per cent of 11 at a tenth of the time.
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: 9 }),
      ]);
      if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
}

function isPrecompressed() {
  const assets = path.join(CLIENT_OUT, 'assets');
  return !fs.existsSync(assets) || fs.readdirSync(assets).some((name) => name.endsWith('.br'));
}

export async function buildServer() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('esbuild is not installed: run `npm install` (with dev dependencies) to build the server.');
  }
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      // Started as worker threads (server/services/worker-pool.ts), from beside main.js.
      'sign-worker': 'server/services/signing/sign-worker.ts',
      'watermark-worker': 'server/services/watermark/watermark-worker.ts',
    },
    outdir: path.dirname(SERVER_MAIN),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // Packages load from node_modules (argon2's native module, PGlite's WebAssembly): only our code is bundled.
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    sourcemap: 'linked',
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/** Builds what is missing or stale: the client always, the server when asked. */
export async function ensureBuilt({ server }) {
  if (clientIsStale()) {
    console.log('Building the client...');
    buildClient();
    await precompressClient();
  } else if (!isPrecompressed()) {
    // Built by Vite alone (`vite build`): compress it now.
    await precompressClient();
  }
  if (server && serverIsStale()) {
    console.log('Building the server...');
    await buildServer();
  }
}

const isCli = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isCli && process.argv[2] === 'precompress') {
  // `node scripts/build.mjs precompress <dir>`: compresses a folder of built files the same way.
  await precompressClient(path.resolve(process.argv[3]));
} else if (isCli) {
  const timed = async (what, step) => {
    const started = Date.now();
    await step();
    console.log(`${what} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  try {
    await timed('Client', async () => {
      buildClient();
      await precompressClient();
    });
    await timed('Server', buildServer);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
