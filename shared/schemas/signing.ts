import { z } from 'zod';
import { jobTitle } from './fields.js';

/**
 * What the signer gives at signing: their title as the signature table shows it. Omitted, the title
 * saved on their profile is used; given (even empty), it is used and saved on their profile.
 */
export const signNdaInput = z.object({ jobTitle: jobTitle.optional() });
export type SignNdaInput = z.output<typeof signNdaInput>;
