import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { AdminContext, ResourceContextProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import AuditList from './AuditList';
import AuditShow from './AuditShow';

afterEach(cleanup);

const EVENT = {
  id: '4d2c1c8e-0000-4000-8000-000000000001',
  at: '2030-03-10T09:30:00.000Z',
  actorId: 'a1',
  actorEmail: 'admin@example.org',
  actorRole: 'admin',
  action: 'call.update',
  entity: 'call',
  entityId: 'c1',
  summary: 'Green futures',
  diff: { changes: [{ path: 'name', kind: 'changed', before: 'Green', after: 'Green futures' }] },
  requestId: 'req-1',
  ip: '127.0.0.1',
};
const SYSTEM = { ...EVENT, id: '4d2c1c8e-0000-4000-8000-000000000002', actorId: null, actorEmail: null, actorRole: 'system', diff: null };

function renderAt(path: string, route: string, element: ReactNode, dataProvider: DataProvider, language: 'en' | 'it' = 'en') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={createI18nProvider(language)} queryClient={new QueryClient()} dataProvider={dataProvider}>
        <Routes>
          <Route path={route} element={<ResourceContextProvider value="audit">{element}</ResourceContextProvider>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

const violations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })).violations.map((v) => v.id);

describe('the audit trail screens', { timeout: 30_000 }, () => {
  it('lists the events newest first, asks the server with the filters, names the system', async () => {
    const getList = vi.fn(async () => ({ data: [EVENT, SYSTEM], total: 2 }));
    const { container } = renderAt('/audit', '/audit', <AuditList />, { getList } as unknown as DataProvider);
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(within(table).getByText('admin@example.org')).toBeTruthy();
    // The system's event: "System" as the actor and as the role.
    expect(within(table).getAllByText('System')).toHaveLength(2);
    expect(within(table).getAllByText('Call')).toHaveLength(2);
    expect(getList).toHaveBeenCalledWith('audit', expect.objectContaining({ sort: { field: 'at', order: 'DESC' } }));
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'User (e-mail)' })).toBeTruthy();
    expect(await violations(container)).toEqual([]);
  });

  it("shows one event with its diff as a before/after table, in the console's language", async () => {
    const getOne = vi.fn(async () => ({ data: EVENT }));
    const { container } = renderAt(
      `/audit/${EVENT.id}/show`,
      '/audit/:id/show',
      <AuditShow />,
      { getOne } as unknown as DataProvider,
      'it',
    );
    const table = await screen.findByRole('table', { name: 'Modifiche' }, { timeout: 10_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Campo', 'Prima', 'Dopo']);
    expect(screen.getByText('req-1')).toBeTruthy();
    expect(await violations(container)).toEqual([]);
  });
});
