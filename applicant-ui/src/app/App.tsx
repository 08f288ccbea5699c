import { ApiError } from '@impact-calls/api-client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from '../i18n/i18n';
import { LanguageSync } from '../i18n/LanguageSync';
import { RememberLanguage } from '../i18n/RememberLanguage';
import { AppRoutes } from './routes';
import { theme } from './theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // An answer of the API (4xx) is final; retry only network trouble and 5xx, once.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
      },
    },
  });
}

const queryClient = createQueryClient();

/** Providers: TanStack Query, i18n, MUI theme, router. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <BrowserRouter>
            <LanguageSync />
            <RememberLanguage />
            <AppRoutes />
          </BrowserRouter>
        </ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
