export type ColorStatus = 'red' | 'yellow' | 'green';
export const COLOR_STATUSES: readonly ColorStatus[] = ['red', 'yellow', 'green'];

/** A group's overall colour picks yellow first, then red, then green among its recipients. */
export function groupColor(recipientColors: ReadonlyArray<ColorStatus | null>): ColorStatus | null {
  for (const c of ['yellow', 'red', 'green'] as const) if (recipientColors.includes(c)) return c;
  return null;
}

/** A tag may be set to any colour other than the current one. */
export function canSetColor(current: ColorStatus | null, next: ColorStatus): boolean {
  return current !== next;
}
