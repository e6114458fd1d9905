import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Shades 6-9 keep at least 4.5:1 against white, so filled buttons and links pass WCAG AA.
const rescue: MantineColorsTuple = [
  '#ebf7ef',
  '#d5eedd',
  '#a8dcb8',
  '#78c992',
  '#50b872',
  '#37a65d',
  '#1f7f45',
  '#1b6e3a',
  '#155c30',
  '#0e4a25',
];

// Warnings in text (a report corrected after publishing): Mantine's orange stays under 4.5:1 on white at every
// shade (orange.8 about 3.6:1); here shades 6-9 keep at least 4.5:1, like the primary colour's.
const caution: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#b45309',
  '#a3480b',
  '#9a3412',
  '#7c2d12',
];

// Demo mode: a distinct indigo so a demo screen is never mistaken for the live console.
const demo: MantineColorsTuple = [
  '#eef0fc',
  '#dde1f7',
  '#b8c0ee',
  '#909de5',
  '#6e7fdd',
  '#5869d6',
  '#4a5ad0',
  '#3f4bb8',
  '#343f9e',
  '#283282',
];

const closeLabel = { 'aria-label': 'Close' };
const titleStyle = { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' };

export function createAppTheme(demoMode: boolean) {
  return createTheme({
    colors: { rescue, caution, demo },
    primaryColor: demoMode ? 'demo' : 'rescue',
    primaryShade: { light: 7, dark: 5 },
    autoContrast: true,
    defaultRadius: 'md',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    headings: { fontWeight: '650' },
    // Plain objects, not `Modal.extend(...)`: importing the components here would put the modal, drawer and their
    // focus trap and scroll lock into every page's first load.
    components: {
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
        // Mantine's default description grey fails contrast on white (about 3.3:1).
        styles: { description: { color: 'var(--mantine-color-gray-7)' } },
      },
      Modal: { defaultProps: { closeButtonProps: closeLabel }, styles: { title: titleStyle } },
      Drawer: { defaultProps: { closeButtonProps: closeLabel }, styles: { title: titleStyle } },
      CloseButton: { defaultProps: closeLabel },
      // Mantine keeps a closed select's options in the page (display: none): a company user's store selector then
      // renders 500 options with the dashboard, the longest task of its first load. Rendered when opened instead.
      Combobox: { defaultProps: { keepMounted: false } },
    },
  });
}

/** Mantine's default dimmed grey (#868e96) is 3.3:1 on white; these pass AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {},
});
