import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Form, type DataProvider } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createI18nProvider, loadMessages } from '../../providers/i18nProvider';
import { CallAnalyticsFields } from '../calls/CallFields';
import { PbiReportList } from './PbiReportList';

afterEach(cleanup);
beforeAll(() => loadMessages('en'));

const ROW = {
  id: 'c1',
  name: 'Green futures',
  openingAt: '2026-01-01T00:00:00Z',
  closingAt: '2026-12-31T00:00:00Z',
  powerBIWorkspaceID: 'ws-console',
  powerBIReportID: 'rep-console',
  userPowerBIWorkspaceID: 'ws-applicants',
  userPowerBIReportID: 'rep-applicants',
};

const dataProvider = { getList: async () => ({ data: [ROW], total: 1 }) } as unknown as DataProvider;

/** In English, with Power BI embedding available or not (GET /api/PowerBi/Available answered). */
function renderConsole(available: boolean, children: ReactNode) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['powerbi', 'available'], { available });
  queryClient.setQueryData(['config', 'active'], {});
  render(
    <AdminContext i18nProvider={createI18nProvider('en')} queryClient={queryClient} dataProvider={dataProvider}>
      {children}
    </AdminContext>,
  );
}

describe('Power BI in the console', { timeout: 30_000 }, () => {
  it.each([false, true])("the report list shows a call's console report whether embedding is available or not (%s)", async (available) => {
    renderConsole(available, <PbiReportList />);
    const row = (await screen.findByText('Green futures')).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const cell = row.querySelectorAll('td')[headers.indexOf('Console report')];
    expect(cell.textContent).toContain('rep-console');
    if (available) expect(within(cell as HTMLElement).getByRole('link', { name: 'Open the report of Green futures' })).toBeTruthy();
  });

  it("a call's Power BI tab says when Power BI is not configured on the server", async () => {
    renderConsole(
      false,
      <Form record={ROW}>
        <CallAnalyticsFields />
      </Form>,
    );
    expect((await screen.findByRole('status')).textContent).toMatch(/Power BI embedding is not configured on this server/);
  });

  it("a call's Power BI tab gives no such hint when Power BI is configured", async () => {
    renderConsole(
      true,
      <Form record={ROW}>
        <CallAnalyticsFields />
      </Form>,
    );
    await screen.findByRole('link', { name: 'Analytics reports' });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
