import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineThemeColors,
} from '@mantine/core';

/** A calm navy, lightest to darkest; shade 7 is the brand colour. */
const navy: MantineColorsTuple = [
  '#eef3fa',
  '#dce5f3',
  '#b6c8e6',
  '#8da9d8',
  '#6a8ecb',
  '#4f7bc2',
  '#3a67ae',
  '#2a5394',
  '#1d3d70',
  '#14284b',
];

/** The page's background behind cards (global.css), which secondary text also sits on. */
const PAGE_BACKGROUND = '#f4f6fa';

/**
 * WCAG 2.1 AA colours, set here once for every page:
 * - dimmed (secondary) text: 5.8:1 on white, at least 4.5:1 on the page background and light tints;
 * - placeholders: 5.3:1 on an input's white;
 * - errors: red 9 (5.4:1), not red 6 (3.3:1);
 * - coloured text (`c="teal"`), outline and light variants (light badges, alerts, buttons): each colour
 *   takes its first shade that reads at 4.5:1 on white, the page and its own light tints, darkened
 *   further when even shade 9 does not (yellow, orange);
 * - filled variants put black text on light colours (autoContrast) instead of white.
 */
export const SECONDARY_TEXT = '#5c6677';
const PLACEHOLDER_TEXT = '#646c7a';
const AA = 4.5;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

function darker(hex: string, amount: number): string {
  const channel = (i: number) =>
    Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - amount))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/** The first shade from `from` on that reads at AA on every background; shade 9 darkened when none does. */
function readableShade(shades: readonly string[], backgrounds: string[], from: number): string {
  const reads = (color: string) => backgrounds.every((bg) => contrastRatio(color, bg) >= AA);
  const shade = shades.slice(from).find(reads);
  if (shade) return shade;
  let color = shades[9]!;
  for (let step = 0; step < 20 && !reads(color); step++) color = darker(color, 0.05);
  return color;
}

const colors: MantineThemeColors = { ...DEFAULT_THEME.colors, navy };

/** Light-scheme colours of every palette, so no page has to choose a readable shade itself. */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': SECONDARY_TEXT,
    '--mantine-color-placeholder': PLACEHOLDER_TEXT,
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-navy-7)',
  };
  for (const [name, shades] of Object.entries(colors)) {
    if (!shades) continue;
    const text = readableShade(shades, ['#ffffff', PAGE_BACKGROUND, shades[0]!], 7);
    const onTint = readableShade(shades, ['#ffffff', shades[1]!, shades[2]!], 8);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = onTint;
  }
  return { variables: {}, light, dark: {} };
};

export const theme = createTheme({
  colors: { navy },
  primaryColor: 'navy',
  primaryShade: { light: 7, dark: 5 },
  autoContrast: true,
  // A ring on whatever the keyboard focuses (global.css draws it), never on a mouse click.
  focusRing: 'auto',
  // Someone who asks their system for less motion gets dialogs, menus and notices at once, not
  // sliding or fading in (WCAG 2.3.3).
  respectReducedMotion: true,
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  black: '#15213a',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // A menu opens on its first item, not on a focusable placeholder a menu may not hold.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // Links are told apart from the text around them by more than their colour.
    Anchor: { defaultProps: { underline: 'always' } },
    // A dialog's close button is an icon: its name is said here, once, for every modal and drawer.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
  },
});
