import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Deep lake blue of Khövsgöl; shade 8 is the primary (passes the contrast audit on white).
const brand: MantineColorsTuple = [
  '#e8f4fb',
  '#d2e5f1',
  '#a5c9e2',
  '#74abd3',
  '#4c92c6',
  '#3282be',
  '#237abb',
  '#1468a5',
  '#0b5a8f',
  '#0b3b5c',
];

const sand: MantineColorsTuple = [
  '#fff8e6',
  '#fcefd1',
  '#f7dca3',
  '#f2c871',
  '#eeb847',
  '#ecad2c',
  '#eba81b',
  '#d1920d',
  '#ba8103',
  '#a16d00',
];

/** An orange for words on white, for what waits on the reader (6.1:1; Mantine's oranges stay under 4.5:1). */
export const WAITING_COLOR = '#a34700';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand, sand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif',
  headings: { fontWeight: '750' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
