import type { Schemas } from '@impact-calls/api-client';
import type { Language } from '@impact-calls/domain';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createI18nProvider, loadMessages } from '../providers/i18nProvider';
import { PortfolioDashboard } from './PortfolioDashboard';

afterEach(cleanup);

beforeAll(async () => {
  await Promise.all([loadMessages('en'), loadMessages('fr')]);
  // The charts measure their box; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const empty = { bins: [], count: 0 };
const DATA: Schemas['PortfolioDashboardDto'] = {
  at: '2026-11-28T10:30:00Z',
  budget: { count: 2, median: 1000, total: 2000 },
  callId: null,
  cities: [],
  closingAt: null,
  countries: [],
  customOutcomes: 0,
  funnel: [],
  indicators: [],
  organizations: 2,
  outcomes: [],
  quiz: empty,
  sdgs: [],
  sroi: { ...empty, flagAbove: 10, flagged: 0, flaggedList: [], median: null, q1: null, q3: null },
  state: 'all',
  states: { closed: 1, open: 1, reopened: 0, total: 2 },
  timeline: [],
  withImpact: 0,
};

const dataProvider = { getList: async () => ({ data: [], total: 0 }) } as unknown as DataProvider;

/** The home dashboard in a language, with the API's answer already in the query cache. */
function renderDashboard(language: Language) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['admin', 'dashboard', 'portfolio', null, 'all'], DATA);
  render(
    <AdminContext i18nProvider={createI18nProvider(language)} queryClient={queryClient} dataProvider={dataProvider}>
      <PortfolioDashboard scope={{ state: 'all' }} onState={() => undefined} />
    </AdminContext>,
  );
}

describe('the portfolio dashboard', { timeout: 30_000 }, () => {
  it.each([
    ['it', /^Dati del 28 novembre 2026 alle ore/],
    ['en', /^Figures as of 28 November 2026 at/],
    ['fr', /^Chiffres du 28 novembre 2026 à/],
  ] as const)('says when its figures were computed in a sentence that reads right (%s)', async (language, sentence) => {
    renderDashboard(language);
    expect((await screen.findByText(/30/, { selector: 'p' })).textContent).toMatch(sentence);
  });

  it('names every column of its tables (no empty header cell)', async () => {
    renderDashboard('en');
    await screen.findByTestId('dashboard-budget');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.filter((h) => !h.textContent?.trim()).map((h) => h.closest('section')?.dataset.testid)).toEqual([]);
  });
});
