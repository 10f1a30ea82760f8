import { z } from 'zod';
import { idValue } from './ndas.js';

/**
 * Signature fields: boxes the sender places on the NDA's pages, each for one party and one kind of
 * entry, filled in at signing. Like pointers, a box is page-relative: x and y are its top-left corner
 * and width and height its size, all fractions (0..1) of the page's visible box (its CropBox, as
 * viewers show it), so it lands on the same spot at any zoom.
 */
export const SIGNATURE_FIELD_PARTIES = ['sender', 'recipient'] as const;
export const SIGNATURE_FIELD_KINDS = ['signature', 'name', 'company', 'title', 'date', 'address'] as const;
export type SignatureFieldParty = (typeof SIGNATURE_FIELD_PARTIES)[number];
export type SignatureFieldKind = (typeof SIGNATURE_FIELD_KINDS)[number];

/** At most this many fields on one NDA: enough for several signature tables, few enough to draw at once. */
export const MAX_SIGNATURE_FIELDS = 50;
/** The smallest box side, as a fraction of the page: about 8 points on an A4 page's height. */
export const MIN_FIELD_SIZE = 0.01;
/** Room for the rounding of fractions kept to 6 decimals. */
const EDGE_TOLERANCE = 1e-6;

export const SIGNATURE_FIELD_MESSAGES = {
  party: 'party must be sender or recipient.',
  kind: 'kind must be signature, name, company, title, date or address.',
  page: 'page must be 1 or more.',
  fraction: 'x, y, width and height must be numbers between 0 and 1.',
  size: `width and height must be at least ${MIN_FIELD_SIZE} of the page.`,
  tooMany: `An NDA can have at most ${MAX_SIGNATURE_FIELDS} signature fields.`,
  outside: (n: number) => `Field ${n} must lie inside the page: x + width and y + height must not exceed 1.`,
  beyondDocument: (n: number, pages: number) =>
    `Field ${n} is on a page the document does not have (${pages} page(s)).`,
  signed: 'The NDA is signed: its signature fields can no longer change.',
  changedWhileSigning: 'The signature fields changed while the NDA was being signed. Please sign again.',
} as const;

/** How each party and kind is named on the page and in lists. */
export const PARTY_LABELS: Record<SignatureFieldParty, string> = { sender: 'Sender', recipient: 'Recipient' };
export const KIND_LABELS: Record<SignatureFieldKind, string> = {
  signature: 'Signature',
  name: 'Name',
  company: 'Company',
  title: 'Title',
  date: 'Date',
  address: 'Address',
};

/** Text in a field is set at one size across a party's fields, never smaller than this (points). */
export const MIN_FIELD_TEXT_PT = 7;
/** A box of text needs this height for its text at the smallest size (points). */
export const MIN_TEXT_BOX_PT = 11;
/** The smallest box a signature stays legible in (points). */
export const MIN_SIGNATURE_BOX_PT = { width: 72, height: 22 } as const;

/**
 * Why a box placed on a page of the given size (points, as shown) is too small, or null: text boxes
 * must hold text of MIN_FIELD_TEXT_PT, signature boxes a legible signature.
 */
export function fieldSizeWarning(
  field: Pick<SignatureField, 'kind' | 'width' | 'height'>,
  page: { width: number; height: number },
): string | null {
  const width = field.width * page.width;
  const height = field.height * page.height;
  if (field.kind === 'signature')
    return width < MIN_SIGNATURE_BOX_PT.width || height < MIN_SIGNATURE_BOX_PT.height
      ? `This box is too small for a legible signature: make it at least ${MIN_SIGNATURE_BOX_PT.width} × ${MIN_SIGNATURE_BOX_PT.height} points.`
      : null;
  return height < MIN_TEXT_BOX_PT
    ? `This box is too small for text of ${MIN_FIELD_TEXT_PT} points: make it at least ${MIN_TEXT_BOX_PT} points high.`
    : null;
}

export const fieldLabel = (f: { party: SignatureFieldParty; kind: SignatureFieldKind }): string =>
  `${PARTY_LABELS[f.party]} · ${KIND_LABELS[f.kind]}`;

const fraction = z
  .number({ error: SIGNATURE_FIELD_MESSAGES.fraction })
  .min(0, SIGNATURE_FIELD_MESSAGES.fraction)
  .max(1, SIGNATURE_FIELD_MESSAGES.fraction);
const size = fraction.min(MIN_FIELD_SIZE, SIGNATURE_FIELD_MESSAGES.size);

export const signatureField = z.object({
  party: z.enum(SIGNATURE_FIELD_PARTIES, { error: SIGNATURE_FIELD_MESSAGES.party }),
  kind: z.enum(SIGNATURE_FIELD_KINDS, { error: SIGNATURE_FIELD_MESSAGES.kind }),
  page: z
    .number({ error: SIGNATURE_FIELD_MESSAGES.page })
    .int(SIGNATURE_FIELD_MESSAGES.page)
    .min(1, SIGNATURE_FIELD_MESSAGES.page)
    .max(100_000, SIGNATURE_FIELD_MESSAGES.page),
  x: fraction,
  y: fraction,
  width: size,
  height: size,
});
export type SignatureField = z.output<typeof signatureField>;

/** Whether a box stays inside its page (its right and bottom edges at most 1). */
export const insidePage = (f: Pick<SignatureField, 'x' | 'y' | 'width' | 'height'>): boolean =>
  f.x + f.width <= 1 + EDGE_TOLERANCE && f.y + f.height <= 1 + EDGE_TOLERANCE;

/** Whether the fields ask for one party's entry of a kind (a recipient's title: the signer must give one). */
export const hasField = (
  fields: ReadonlyArray<Pick<SignatureField, 'party' | 'kind'>>,
  party: SignatureFieldParty,
  kind: SignatureFieldKind,
): boolean => fields.some((f) => f.party === party && f.kind === kind);

/** The whole set of an NDA's fields (PUT replaces it; an empty list removes them all). */
export const signatureFields = z
  .array(signatureField, { error: 'fields must be a list.' })
  .max(MAX_SIGNATURE_FIELDS, SIGNATURE_FIELD_MESSAGES.tooMany)
  .superRefine((fields, ctx) => {
    fields.forEach((f, i) => {
      if (!insidePage(f)) ctx.addIssue({ code: 'custom', message: SIGNATURE_FIELD_MESSAGES.outside(i + 1), path: [i] });
    });
  });

export const signatureFieldsInput = z.object({ fields: signatureFields });
export const signatureFieldsIdInput = z.object({ id: idValue });
export const setSignatureFieldsInput = signatureFieldsInput.extend({ id: idValue });
