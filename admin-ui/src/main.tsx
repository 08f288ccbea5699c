import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createI18nProvider, loadMessages, readRememberedLanguage } from './providers/i18nProvider';

// Italian is in the first load; another remembered language is fetched before the first screen
// (Italian if that fails).
const remembered = readRememberedLanguage() ?? 'it';
const language = await loadMessages(remembered).then(
  () => remembered,
  () => 'it' as const,
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18nProvider={createI18nProvider(language)} />
  </StrictMode>,
);
