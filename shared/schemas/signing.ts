import { z } from 'zod';
import { SIGNING_MESSAGES } from '../signing.js';
import { companyUpdateInput } from './account.js';
import { jobTitle } from './fields.js';

/**
 * What the signer gives at signing: their title as the signature table shows it. Omitted, the title
 * saved on their profile is used; given (even empty), it is used and saved on their profile.
 */
export const signNdaInput = z.object({ jobTitle: jobTitle.optional() });
export type SignNdaInput = z.output<typeof signNdaInput>;

/** The signer's title when the NDA has a recipient title field to fill (the server refuses a blank one too). */
const requiredJobTitle = jobTitle.refine((v) => v !== '', SIGNING_MESSAGES.titleRequired);

/** The signing form: the signer's company as the signed NDA shows it, and their title. */
export const signingForm = (titleRequired: boolean) =>
  companyUpdateInput.extend({ jobTitle: titleRequired ? requiredJobTitle : jobTitle });
