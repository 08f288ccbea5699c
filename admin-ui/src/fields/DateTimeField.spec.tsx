import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Labeled, RecordContextProvider, SimpleShowLayout } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../providers/i18nProvider';
import { DateTimeField } from './DateTimeField';

// The browser's zone is the one shown: this file runs as if in Paris (summer time on the date below).
const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Paris';
});
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});
afterEach(cleanup);

const RECORD = { id: 's1', submittedAt: '2030-07-01T04:49:00Z', archivedAt: null };

function show(language: 'it' | 'en' | 'fr', field: ReactNode) {
  render(
    <AdminContext i18nProvider={createI18nProvider(language)}>
      <RecordContextProvider value={RECORD}>{field}</RecordContextProvider>
    </AdminContext>,
  );
}

describe('DateTimeField', () => {
  it("writes a record's date and time in the browser's zone, naming it (English)", async () => {
    show('en', <DateTimeField source="submittedAt" />);
    expect(await screen.findByText(/^1 July 2030 at 06:49 (CEST|GMT\+2)$/)).toBeTruthy();
  });

  it("follows the console's language (Italian: the closing page's words, with the zone)", async () => {
    show('it', <DateTimeField source="submittedAt" />);
    expect(await screen.findByText(/^1 luglio 2030 alle ore 06:49 (CEST|GMT\+2)$/)).toBeTruthy();
  });

  it('shows the empty text for a record without the date, and nothing without one', async () => {
    show(
      'en',
      <>
        <span data-testid="with">
          <DateTimeField source="archivedAt" emptyText="—" />
        </span>
        <span data-testid="without">
          <DateTimeField source="archivedAt" />
        </span>
      </>,
    );
    expect((await screen.findByTestId('with')).textContent).toBe('—');
    expect(screen.getByTestId('without').textContent).toBe('');
  });

  it('takes its label from its source in a show layout, as the field it replaces', async () => {
    show(
      'en',
      <SimpleShowLayout>
        <Labeled source="submittedAt">
          <DateTimeField source="submittedAt" />
        </Labeled>
      </SimpleShowLayout>,
    );
    expect(await screen.findByText(/06:49 (CEST|GMT\+2)/)).toBeTruthy();
    expect(screen.getByText(/submitted at/i)).toBeTruthy();
  });
});
