import { z } from 'zod';
import { type FileLike, isFileLike } from './documents.js';
import { email, jobTitle, linkedinUrl, MAX_LOCATION, MAX_NAME, maxMessage, requiredText } from './fields.js';

export const profileUpdateInput = z
  .object({
    firstName: requiredText('First name', MAX_NAME),
    lastName: requiredText('Last name', MAX_NAME),
    location: z.string().trim().max(MAX_LOCATION, maxMessage(MAX_LOCATION)),
    linkedinLink: linkedinUrl,
    jobTitle,
    /** The e-mail switches of shared/notifications.ts. */
    notifyNegotiation: z.boolean({ error: 'Must be true or false.' }),
    notifyOutcomes: z.boolean({ error: 'Must be true or false.' }),
    notifyReminders: z.boolean({ error: 'Must be true or false.' }),
    notifyEngagement: z.boolean({ error: 'Must be true or false.' }),
  })
  .partial();
export type ProfileUpdateInput = z.infer<typeof profileUpdateInput>;

export const companyUpdateInput = z.object({
  name: requiredText('Company name', 255),
  address: requiredText('Address', 512),
  registrationNumber: z.string().trim().max(64, maxMessage(64)).optional().default(''),
  vat: z.string().trim().max(64, maxMessage(64)).optional().default(''),
});
export type CompanyUpdateInput = z.infer<typeof companyUpdateInput>;

/** The token of an unsubscribe link (server/services/tokens.ts makes and checks it). */
export const unsubscribeInput = z.object({ token: z.string().trim().min(1).max(512) });

export const memberInviteInput = z.object({ email });
export const deleteAccountInput = z.object({
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(128),
});

export const ACCOUNT_MESSAGES = {
  imageTooLarge: 'Image is too large, please select new image',
  imageType: 'Upload a valid image: PNG or JPEG only.',
  imageRequired: 'Select an image to upload.',
  oneImage: 'Select one image.',
  signatureType: 'The signature must be a PNG image.',
  signatureDimensions: 'The signature image may be at most 2000 × 1000 pixels.',
  imageDimensions: 'The image may be at most 5000 × 5000 pixels.',
  imageDamaged: 'This image is damaged and cannot be read. Please select another image.',
  notEnoughMembers: 'You dont have enough allowed Team Members',
  signatureFirst: 'Please add your signature before adding team members.',
  alreadyMember: 'This user is already a member of your team.',
  hasAccount: 'This e-mail already belongs to an account of another company.',
  wrongPassword: 'Incorrect password.',
  ownMembership: 'You cannot remove your own account.',
} as const;

/** Upload limits for images (bytes). */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
export const MAX_SIGNATURE_BYTES = 512 * 1024;

/**
 * Upload limits for images (pixels), checked from the header before anything decodes the picture. The
 * signature pad saves 400 x 140 (typed: 400 x 80); an avatar may be a phone photo (4032 x 3024).
 */
export const MAX_SIGNATURE_SIZE = { width: 2000, height: 1000 } as const;
export const MAX_AVATAR_SIZE = { width: 5000, height: 5000 } as const;

/** The picture types an avatar may have: the server checks the bytes, the browser the declared type. */
export const AVATAR_TYPES: readonly string[] = ['image/png', 'image/jpeg'];

/** The change-picture form: one PNG or JPEG image of at most 2 MB. */
export const avatarForm = z.object({
  image: z
    .custom<FileLike>(isFileLike, ACCOUNT_MESSAGES.imageRequired)
    .refine((file) => AVATAR_TYPES.includes(file.type), ACCOUNT_MESSAGES.imageType)
    .refine((file) => file.size <= MAX_AVATAR_BYTES, ACCOUNT_MESSAGES.imageTooLarge),
});
