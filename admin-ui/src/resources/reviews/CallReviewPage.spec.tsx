import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider, loadMessages } from '../../providers/i18nProvider';
import type { ApplicationRow, ReviewSetup } from './reviewApi';

// The generated client, answered by each test.
const api = vi.hoisted(() => ({ GET: vi.fn(), PUT: vi.fn(), POST: vi.fn(), DELETE: vi.fn() }));
vi.mock('../../providers/client', () => ({ api }));

import CallReviewPage from './CallReviewPage';
import { RubricSection } from './SetupTab';

const ok = (data: unknown, headers: Record<string, string> = {}) => ({ data, response: new Response(null, { status: 200, headers }) });
const refused = (status: number, key: string) => ({
  error: { statusCode: status, key, message: key },
  response: new Response(null, { status, statusText: 'Refused' }),
});

const SETUP: ReviewSetup = {
  callId: 'c1',
  callName: 'Green futures',
  settings: { reviewsPerApplication: 3, aggregate: 'mean', disagreementThreshold: 20 },
  phases: [],
  criteria: [
    { id: 'k1', name: 'Impact', guidance: { en: 'How much good' }, min: 0, max: 10, step: 1, weight: 2, required: true, retired: false },
  ],
  scoringStarted: false,
  currentPhaseId: null,
  pendingDecisions: 2,
};

const ROW: ApplicationRow = {
  id: 's1',
  code: 'GF-001',
  organizationName: 'Acme',
  submittedAt: '2026-02-01T10:00:00Z',
  reviewsDone: 2,
  reviewsAssigned: 3,
  score: 72.5,
  spread: 40,
  disagreement: true,
  rank: 1,
  decision: 'shortlisted',
  decisionReleased: false,
};

function renderAt(path: string, element: React.ReactNode, route = '/calls/:callId/review') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={createI18nProvider('en')} queryClient={new QueryClient()} dataProvider={{} as DataProvider}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

beforeAll(() => loadMessages('en'));
beforeEach(() => Object.values(api).forEach((f) => f.mockReset()));
afterEach(cleanup);

describe('saving the rubric', { timeout: 30_000 }, () => {
  it('asks for a confirmation when the API says scoring started, then sends it again confirmed', async () => {
    api.PUT.mockResolvedValueOnce(refused(409, 'errors.review.rubric-confirm')).mockResolvedValueOnce(
      ok([{ ...SETUP.criteria[0], name: 'Reach' }]),
    );
    renderAt('/calls/c1/review', <RubricSection setup={SETUP} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Reach' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the rubric' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('scores given so far are kept against the old criteria');
    expect(api.PUT.mock.calls[0][1].body).toEqual({
      criteria: [{ id: 'k1', name: 'Reach', guidance: { en: 'How much good' }, min: 0, max: 10, step: 1, weight: 2, required: true }],
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the rubric' }));
    await waitFor(() => expect(api.PUT).toHaveBeenCalledTimes(2));
    expect(api.PUT.mock.calls[1][1].body).toMatchObject({ confirmed: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks first when scoring is known to have started', async () => {
    api.PUT.mockResolvedValue(ok(SETUP.criteria));
    renderAt('/calls/c1/review', <RubricSection setup={{ ...SETUP, scoringStarted: true }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save the rubric' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.PUT).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the rubric' }));
    await waitFor(() => expect(api.PUT).toHaveBeenCalledTimes(1));
    expect(api.PUT.mock.calls[0][1].body).toMatchObject({ confirmed: true });
  });

  it('sends nothing while a criterion is wrong, and says which field', async () => {
    renderAt('/calls/c1/review', <RubricSection setup={SETUP} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: /^Maximum/ }), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the rubric' }));
    expect(await screen.findByText('Must be greater than the minimum')).toBeTruthy();
    expect(api.PUT).not.toHaveBeenCalled();
  });
});

describe('the applications tab', { timeout: 30_000 }, () => {
  it('asks the API for the page the address names and shows the ranked rows', async () => {
    api.GET.mockImplementation(async (path: string) =>
      path.endsWith('/setup') ? ok(SETUP) : ok([ROW], { 'Content-Range': 'review-applications 0-0/42' }),
    );
    renderAt('/calls/c1/review?tab=applications&sort=score&order=DESC&disagreement=1', <CallReviewPage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Review – Green futures' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'GF-001' })).toBeTruthy();
    const listCall = api.GET.mock.calls.find(([path]) => String(path).endsWith('/applications'))!;
    expect(listCall[1].params).toEqual({
      path: { callId: 'c1' },
      query: { range: '[0,24]', sort: '["score","DESC"]', filter: '{"disagreement":true}' },
    });
    expect(screen.getAllByText('Disagreement').length).toBeGreaterThan(0);
    expect(screen.getByText('1-25 of 42')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Applications', selected: true })).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select GF-001' }));
    expect(await screen.findByText('1 application selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Assign to reviewers' })).toBeTruthy();
  });

  it('shows the pending count before releasing, and what was queued after', async () => {
    api.GET.mockImplementation(async (path: string) =>
      path.endsWith('/setup') ? ok(SETUP) : ok([ROW], { 'Content-Range': 'review-applications 0-0/1' }),
    );
    api.POST.mockResolvedValue(ok({ released: 2, queued: 2 }));
    renderAt('/calls/c1/review', <CallReviewPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Release decisions (2 pending)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('2 pending decisions will be released');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: "Include the reviewers' comments for the applicant" }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText(/2 decisions released; 2 messages queued/)).toBeTruthy();
    expect(api.POST.mock.calls[0][1].body).toEqual({ includeComments: true });
  });
});
