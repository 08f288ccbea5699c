import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '../layout/AdminLayout';
import { createI18nProvider } from '../providers/i18nProvider';
import { reviewApi, type ReviewerAssignment, type ReviewerCall } from './reviewApi';
import { ReviewAssignmentsPage } from './ReviewAssignmentsPage';
import { ReviewCallsPage } from './ReviewCallsPage';

vi.mock('./reviewApi', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./reviewApi')>();
  // The module's own hooks read this object: its calls are replaced in place.
  Object.assign(actual.reviewApi, { calls: vi.fn(), assignments: vi.fn(), next: vi.fn() });
  return actual;
});
const mocked = vi.mocked(reviewApi);

afterEach(cleanup);

const CALLS: ReviewerCall[] = [
  {
    callId: 'c1',
    callName: 'Green futures',
    phase: { name: 'First reading', endsAt: '2026-12-01T17:00:00Z', mayScore: true, blind: true, seeOthers: 'never' },
    nextPhaseStartsAt: null,
    toDo: 2,
    inProgress: 1,
    done: 1,
  },
  { callId: 'c2', callName: 'Blue seas', phase: null, nextPhaseStartsAt: '2027-01-10T09:00:00Z', toDo: 0, inProgress: 0, done: 0 },
];
const ASSIGNMENTS: ReviewerAssignment[] = [
  { id: 'a1', code: 'GF-0001', organizationName: null, state: 'done', reviewsDone: 2 },
  { id: 'a2', code: 'GF-0002', organizationName: null, state: 'to-do', reviewsDone: 0 },
];

const dataProvider = { getList: async () => ({ data: [], total: 0 }) } as unknown as DataProvider;

function renderAt(path: string, routes: ReactNode, authProvider?: AuthProvider, language: 'en' | 'it' | 'fr' = 'en') {
  mocked.calls.mockResolvedValue(CALLS);
  mocked.assignments.mockResolvedValue(ASSIGNMENTS);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        basename="/admin"
        i18nProvider={createI18nProvider(language)}
        queryClient={queryClient}
        dataProvider={dataProvider}
        authProvider={authProvider}
      >
        <Routes>{routes}</Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

const violations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })).violations.map((v) => v.id);

describe("the reviewer's lists", { timeout: 30_000 }, () => {
  it.each(['en', 'it', 'fr'] as const)(
    'lists the calls I review with the phase, its deadline with the zone named, and my progress (%s)',
    async (language) => {
      const { container } = renderAt('/admin/review', <Route path="/admin/review" element={<ReviewCallsPage />} />, undefined, language);
      const cards = await screen.findAllByTestId('review-call');
      expect(cards).toHaveLength(2);
      const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
      expect(cards[0].textContent).toContain(`(${zone})`);
      if (language === 'en') {
        expect(cards[0].textContent).toContain('Phase: First reading');
        expect(cards[0].textContent).toContain('Blind review');
        expect(cards[0].textContent).toContain('Progress: 1 of 4 done');
        expect(cards[1].textContent).toContain('No review phase is in force.');
      }
      expect(await violations(container)).toEqual([]);
    },
  );

  it('lists my assignments, the organization hidden in a blind phase, and opens the next one', async () => {
    mocked.next.mockResolvedValue({ id: 'a2' });
    const { container } = renderAt(
      '/admin/review/c1',
      <>
        <Route path="/admin/review/:callId" element={<ReviewAssignmentsPage />} />
        <Route path="/admin/review/:callId/:assignmentId" element={<p>workspace of a2</p>} />
      </>,
    );
    const rows = await screen.findAllByTestId('review-assignment');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getAllByRole('cell')[1].textContent).toBe('—hidden (blind review)');
    expect(await violations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Continue reviewing' }));
    expect(await screen.findByText('workspace of a2')).toBeTruthy();
    expect(mocked.next).toHaveBeenCalledWith('c1');
  });
});

describe('the reviewer-only console', { timeout: 30_000 }, () => {
  const reviewer: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({ isAdmin: false, canCustomize: false, reviewerOnly: true }),
    getIdentity: async () => ({ id: 'u1', fullName: 'Ada Reviewer' }),
  };
  /** An administrators' screen: mounting it would make its administrators' calls. */
  const mounted = vi.fn();
  function AdminScreen() {
    mounted();
    return <>administrators&apos; screen</>;
  }
  const routes = (
    <>
      <Route path="/admin/review" element={<AdminLayout>review workspace</AdminLayout>} />
      <Route
        path="/admin/*"
        element={
          <AdminLayout>
            <AdminScreen />
          </AdminLayout>
        }
      />
    </>
  );

  it.each(['/admin', '/admin/calls', '/admin/submissions/s1/show', '/admin/no-such-page'])(
    'leads %s to the review workspace, never showing the screen asked for',
    async (path) => {
      mounted.mockClear();
      renderAt(path, routes, reviewer);
      expect(await screen.findByText('review workspace')).toBeTruthy();
      expect(mounted).not.toHaveBeenCalled();
    },
  );

  it('shows only "Review" in the menu', async () => {
    renderAt('/admin/review', routes, reviewer);
    await screen.findByText('review workspace');
    const menu = await screen.findByRole('menuitem', { name: 'Review' });
    expect(menu.getAttribute('href')).toBe('/admin/review');
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Review']);
  });

  it('keeps an administrator on the screen asked for', async () => {
    mounted.mockClear();
    renderAt('/admin/calls', routes, { ...reviewer, getPermissions: async () => ({ isAdmin: true, canCustomize: true }) });
    expect(await screen.findByText("administrators' screen")).toBeTruthy();
    expect(mounted).toHaveBeenCalled();
  });
});
