import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from './router-types';

/** Typed react-query hooks for every procedure of the server's AppRouter. */
export const trpc = createTRPCReact<AppRouter>();
