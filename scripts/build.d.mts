/** The compiled server's entry, dist/server/main.js. */
export const SERVER_MAIN: string;
/** Whether dist/server is missing or older than the server's sources. */
export function serverIsStale(): boolean;
/** Compiles the server and its worker threads into dist/server (esbuild). */
export function buildServer(): Promise<void>;
