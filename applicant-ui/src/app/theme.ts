import { createTheme } from '@mui/material/styles';

/** The applicant app's theme: calm teal-blue with an amber accent, visible focus everywhere. */
export const theme = createTheme({
  palette: {
    primary: { main: '#1b5e7a', contrastText: '#ffffff' },
    secondary: { main: '#b85c00', contrastText: '#ffffff' },
    background: { default: '#f5f7f9', paper: '#ffffff' },
    // Darker than MUI's default so an outlined warning (the closing countdown) reads at 4.5:1.
    warning: { main: '#8a4b00', contrastText: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': { outline: '3px solid #f2a541', outlineOffset: '2px' },
        '.rich-html a': { color: '#1b5e7a' },
        '.skip-link': {
          position: 'absolute',
          left: '-10000px',
          top: 8,
          zIndex: 2000,
          padding: '8px 16px',
          background: '#ffffff',
          color: '#1b5e7a',
          fontWeight: 700,
          borderRadius: 8,
        },
        '.skip-link:focus': { left: 8 },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    // Opaque: MUI's translucent grey let what is underneath lower the contrast (a tooltip left open by a tap on a phone).
    MuiTooltip: { styleOverrides: { tooltip: { backgroundColor: '#2b2b2b', color: '#ffffff' } } },
  },
});
