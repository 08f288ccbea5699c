import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../app/App';
import { theme } from '../app/theme';
import { CATALOGS, LANGUAGES } from '@impact-calls/domain';
import { createI18n } from '../i18n/i18n';

/** Renders a piece of the app with its providers, at `path`, in `language`. */
export function renderWithProviders(ui: ReactElement, { path = '/', language = 'en' }: { path?: string; language?: string } = {}) {
  const { i18n } = createI18n(language, Object.fromEntries(LANGUAGES.map((l) => [l, { translation: CATALOGS[l] }])));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** An unsigned token with the given expiry (the app reads exp only; the server verifies). */
export function fakeToken(expiresInSeconds: number): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.signature`;
}
