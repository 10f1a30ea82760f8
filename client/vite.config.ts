import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { aliases } from '../aliases.config';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: aliases },
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its chunk stays cached across releases. The other
        // libraries split with the pages that use them, so the landing page loads only what it shows
        // (one chunk for all of Mantine would bring every page's components to it).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': api,
      '/api': api,
      '/dev': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
