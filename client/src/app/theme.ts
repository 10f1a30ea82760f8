import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  colors: { navy },
  primaryColor: 'navy',
  primaryShade: { light: 7, dark: 5 },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  black: '#15213a',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});
