import { MIN_FIELD_SIZE, type SignatureField, type SignatureFieldKind } from '@shared/schemas/signature-fields';

/** A signature field being edited on the page: its stored shape and a key for the screen. */
export interface DraftField extends SignatureField {
  key: string;
}

type Box = Pick<SignatureField, 'x' | 'y' | 'width' | 'height'>;

const PRECISION = 1e6;
const round = (v: number) => Math.round(v * PRECISION) / PRECISION;

/** A box kept on its page: at least the smallest size, no larger than the page, and inside it. */
export function clampBox(box: Box): Box {
  const width = round(Math.min(1, Math.max(MIN_FIELD_SIZE, box.width)));
  const height = round(Math.min(1, Math.max(MIN_FIELD_SIZE, box.height)));
  const x = round(Math.min(1 - width, Math.max(0, box.x)));
  const y = round(Math.min(1 - height, Math.max(0, box.y)));
  return { x, y, width, height };
}

/** The size a field gets from a click (or from the Add button): a signature is taller than a line of text. */
const DEFAULT_SIZE: Record<SignatureFieldKind, { width: number; height: number }> = {
  signature: { width: 0.24, height: 0.05 },
  name: { width: 0.24, height: 0.025 },
  company: { width: 0.24, height: 0.025 },
  title: { width: 0.24, height: 0.025 },
  date: { width: 0.18, height: 0.025 },
  address: { width: 0.4, height: 0.025 },
};

/** A field of the default size whose top-left corner is at `point` (kept on the page). */
export function boxAt(point: { x: number; y: number }, kind: SignatureFieldKind): Box {
  return clampBox({ ...point, ...DEFAULT_SIZE[kind] });
}

let lastKey = 0;
export const newFieldKey = (): string => `field-${++lastKey}`;

export const toDrafts = (fields: SignatureField[]): DraftField[] => fields.map((f) => ({ ...f, key: newFieldKey() }));
export const fromDrafts = (drafts: DraftField[]): SignatureField[] =>
  drafts.map(({ party, kind, page, x, y, width, height }) => ({ party, kind, page, x, y, width, height }));
