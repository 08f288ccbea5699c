import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The console's theme: react-admin's default with the product's colours and visible focus. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1b5e7a', contrastText: '#ffffff' },
    secondary: { main: '#1b5e7a', contrastText: '#ffffff' },
    background: { default: '#f5f7f9' },
  },
  shape: { borderRadius: 8 },
  components: {
    ...defaultTheme.components,
    MuiCssBaseline: { styleOverrides: { ':focus-visible': { outline: '3px solid #f2a541', outlineOffset: '2px' } } },
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
  },
};
