/**
 * The charts' colours: the theme's, dark enough to stand 3:1 against the white card (graphics) and
 * the axis text 4.5:1 (text).
 */
export const CHART_COLORS = {
  signed: 'var(--mantine-color-teal-8)',
  unsigned: 'var(--mantine-color-orange-8)',
  active: 'var(--mantine-color-navy-7)',
  recalled: 'var(--mantine-color-red-8)',
  projects: 'var(--mantine-color-navy-7)',
  recipients: 'var(--mantine-color-teal-8)',
  sent: 'var(--mantine-color-navy-7)',
  axis: 'var(--mantine-color-gray-7)',
  grid: 'var(--mantine-color-gray-3)',
} as const;

/** A chart's size: fixed (the analytics view's 550x310) or the card's width at the given height. */
export interface ChartSize {
  width?: number;
  height: number;
}
