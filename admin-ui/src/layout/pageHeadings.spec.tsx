import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, ResourceContextProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18nProvider, loadMessages } from '../providers/i18nProvider';
import CallEdit from '../resources/calls/CallEdit';
import { SubmissionList } from '../resources/submissions/SubmissionList';

// The rich text editor (tiptap) is not what these tests look at.
vi.mock('../inputs/RichText', () => ({ RichText: () => null }));

afterEach(cleanup);
beforeAll(() => loadMessages('en'));

const CALL = {
  id: 'c1',
  version: 1,
  name: 'Green futures',
  description: '',
  openingAt: '2026-01-01T00:00:00Z',
  closingAt: '2026-12-31T00:00:00Z',
  callLockEnd: null,
  isUserFilterEnable: false,
  userFilterEmail: '',
  enableUserDownloadPdf: false,
  impactFrameworkId: null,
  powerBIWorkspaceID: null,
  powerBIReportID: null,
  userPowerBIWorkspaceID: null,
  userPowerBIReportID: null,
  callTypeId: 't1',
  callType: { id: 't1', version: 1, name: 'Type', description: '', steps: [] },
};

const dataProvider = {
  getList: async () => ({ data: [], total: 0 }),
  getMany: async () => ({ data: [] }),
  getOne: async () => ({ data: CALL }),
} as unknown as DataProvider;

/** A console screen at `path`, in English, with the API's lists answered empty. */
function renderAt(path: string, route: string, resource: string, screenElement: ReactNode) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['step-types'], []);
  queryClient.setQueryData(['impact-frameworks', 'set-list'], []);
  queryClient.setQueryData(['powerbi', 'available'], { available: false });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={createI18nProvider('en')} queryClient={queryClient} dataProvider={dataProvider}>
        <Routes>
          <Route path={route} element={<ResourceContextProvider value={resource}>{screenElement}</ResourceContextProvider>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the level-one heading of console screens (axe page-has-heading-one)', { timeout: 30_000 }, () => {
  it("the call editor's is its title", async () => {
    renderAt('/calls/c1', '/calls/:id', 'calls', <CallEdit />);
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent).toBe('Edit call – Green futures');
  });

  it("the submissions list's is its title", async () => {
    renderAt('/submissions', '/submissions', 'submissions', <SubmissionList />);
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent).toBe('Submissions');
  });
});
