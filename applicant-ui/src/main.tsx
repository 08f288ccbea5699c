import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18nReady } from './i18n/i18n';

// The first language's catalog is in the bundle for Italian, one small fetch otherwise.
await i18nReady.catch(() => undefined);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
