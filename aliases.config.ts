import { fileURLToPath } from 'node:url';

/** The path aliases of tsconfig.json, for Vite and vitest (tsx and Playwright read tsconfig.json). */
const at = (dir: string) => fileURLToPath(new URL(dir, import.meta.url));

export const aliases = {
  '@shared': at('./shared'),
  '@server': at('./server'),
  '@client': at('./client/src'),
  '@tests': at('./tests'),
};
