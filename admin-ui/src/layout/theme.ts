import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The console's theme: react-admin's default with the product's colours and visible focus. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1b5e7a', contrastText: '#ffffff' },
    secondary: { main: '#1b5e7a', contrastText: '#ffffff' },
    // Darker than MUI's defaults so white text on chips and red text on grey toolbars reach 4.5:1 (axe).
    info: { main: '#01579b', contrastText: '#ffffff' },
    error: { main: '#b3261e', contrastText: '#ffffff' },
    warning: { main: '#8a4b00', contrastText: '#ffffff' },
    success: { main: '#1b5e20', contrastText: '#ffffff' },
    background: { default: '#f5f7f9' },
  },
  shape: { borderRadius: 8 },
  components: {
    ...defaultTheme.components,
    MuiCssBaseline: { styleOverrides: { ':focus-visible': { outline: '3px solid #f2a541', outlineOffset: '2px' } } },
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    // Labels as written: upper-casing turns product names such as "Power BI" into "POWER BI".
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    // Opaque: MUI's translucent grey let what is underneath lower the contrast (a tooltip left open by a tap on a phone).
    MuiTooltip: { styleOverrides: { tooltip: { backgroundColor: '#2b2b2b', color: '#ffffff' } } },
    // Tables wider than a phone scroll inside their box instead of widening the page.
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } } } },
    // react-admin's layout is at least as wide as its content (min-width: fit-content): on a phone a table widened the page.
    RaLayout: {
      styleOverrides: {
        root: { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } },
      },
    },
    RaShow: { styleOverrides: { root: { '& .RaShow-main': { minWidth: 0 }, '& .RaShow-card': { overflowX: 'auto' } } } },
    RaEdit: { styleOverrides: { root: { '& .RaEdit-main': { minWidth: 0 } } } },
  },
};
