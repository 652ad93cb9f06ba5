/**
 * Leadloom's one Mantine theme, for both colour schemes. Calm and dense: a teal brand colour,
 * small radii and compact type, so a board or a table shows a lot without feeling cramped.
 * Components take their sizes from here; screens should not set ad-hoc sizes or spacing.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  createTheme,
  Loader,
  Menu,
  NavLink,
  Paper,
  PasswordInput,
  Select,
  TextInput,
  Tooltip,
  type MantineColorsTuple,
} from '@mantine/core';

/** Brand teal ("loom"); shade 8 carries white text legibly in both schemes. */
const loom: MantineColorsTuple = [
  '#e5faf7',
  '#d2f1ec',
  '#a7e1d8',
  '#78d0c3',
  '#52c2b1',
  '#38b9a6',
  '#27b4a0',
  '#159e8b',
  '#008c7b',
  '#007a6b',
];

export const theme = createTheme({
  primaryColor: 'loom',
  primaryShade: { light: 8, dark: 8 },
  colors: { loom },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontWeight: '600',
    sizes: {
      h1: { fontSize: '1.5rem', lineHeight: '1.3' },
      h2: { fontSize: '1.25rem', lineHeight: '1.35' },
      h3: { fontSize: '1.0625rem', lineHeight: '1.4' },
      h4: { fontSize: '0.9375rem', lineHeight: '1.45' },
    },
  },
  fontSizes: {
    xs: '0.6875rem',
    sm: '0.8125rem',
    md: '0.875rem',
    lg: '1rem',
    xl: '1.125rem',
  },
  spacing: {
    xs: '0.375rem',
    sm: '0.625rem',
    md: '0.875rem',
    lg: '1.25rem',
    xl: '1.75rem',
  },
  components: {
    ActionIcon: ActionIcon.extend({ defaultProps: { variant: 'subtle', color: 'gray' } }),
    Badge: Badge.extend({ defaultProps: { variant: 'light', radius: 'sm' } }),
    Button: Button.extend({ defaultProps: { size: 'sm' } }),
    Card: Card.extend({ defaultProps: { withBorder: true, padding: 'sm' } }),
    Loader: Loader.extend({ defaultProps: { type: 'dots' } }),
    Menu: Menu.extend({ defaultProps: { shadow: 'md', position: 'bottom-end' } }),
    NavLink: NavLink.extend({ defaultProps: { variant: 'light' } }),
    Paper: Paper.extend({ defaultProps: { withBorder: true } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { size: 'sm' } }),
    Select: Select.extend({ defaultProps: { size: 'sm', allowDeselect: false } }),
    TextInput: TextInput.extend({ defaultProps: { size: 'sm' } }),
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: 400, withArrow: true } }),
  },
});
