import { ApiError } from '@impact-calls/api-client';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { AdminContext, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../providers/i18nProvider';
import { isReviewPath, guidanceText, reviewPath } from './paths';
import { reviewApi, type ReviewWorkspace } from './reviewApi';
import { ReviewWorkspacePage } from './ReviewWorkspacePage';

vi.mock('./reviewApi', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./reviewApi')>();
  return {
    ...actual,
    reviewApi: { workspace: vi.fn(), save: vi.fn(), submit: vi.fn(), next: vi.fn(), declareConflict: vi.fn(), download: vi.fn() },
  };
});
const mocked = vi.mocked(reviewApi);

afterEach(cleanup);

const workspace = (overrides: Partial<ReviewWorkspace> = {}): ReviewWorkspace => ({
  id: 'a1',
  callId: 'c1',
  callName: 'Green futures',
  phase: { name: 'First reading', endsAt: '2026-12-01T17:00:00Z', mayScore: true, blind: false, seeOthers: 'never' },
  blind: false,
  criteria: [
    {
      id: 'k1',
      name: 'Impact',
      guidance: { en: 'How much change', it: 'Quanto cambiamento' },
      min: 0,
      max: 5,
      step: 1,
      weight: 2,
      required: true,
      retired: false,
    },
    {
      id: 'k2',
      name: 'Budget',
      guidance: { fr: 'Réalisme du budget' },
      min: 0,
      max: 10,
      step: 0.5,
      weight: 1,
      required: false,
      retired: false,
    },
  ],
  review: {
    scores: { k1: 4 },
    score: null,
    recommendation: null,
    commentApplicant: '',
    commentPanel: '',
    abstained: false,
    abstainReason: '',
    version: 3,
    state: 'in-progress',
    submittedAt: null,
    editable: true,
  },
  submission: {
    code: 'GF-0042',
    organization: { id: 'o1', name: 'Acme Cooperative' },
    user: { id: 'u1', firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.example' },
    submittedAt: '2026-10-01T08:00:00Z',
    sroiScore: 3.2,
    steps: [
      {
        id: 's1',
        name: 'Presentation',
        description: '',
        content: { html: '<p>Our project</p>' },
        sort: 1,
        stepTypeId: 't1',
        stepTypeName: 'text',
      },
    ],
    stepResults: [],
    attachments: [
      {
        id: 'f1',
        fileName: 'Attachment 1',
        fileDownloadId: 'd1',
        attachedType: 'pdf',
        attachmentTypeId: 'at1',
        createdAt: '2026-10-01T08:00:00Z',
        description: '',
        dimensions: 2048,
        mimeType: 'application/pdf',
        purpose: 'submission',
        slotIndex: 0,
        stepId: 's1',
        submissionId: null,
      },
    ],
  },
  otherReviews: null,
  history: [],
  ...overrides,
});

const dataProvider = { getList: async () => ({ data: [], total: 0 }) } as unknown as DataProvider;

function renderWorkspace(data: ReviewWorkspace, language: 'en' | 'it' | 'fr' = 'en') {
  mocked.workspace.mockResolvedValue(data);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={['/admin/review/c1/a1']}>
      <AdminContext basename="/admin" i18nProvider={createI18nProvider(language)} queryClient={queryClient} dataProvider={dataProvider}>
        <Routes>
          <Route path="/admin/review/:callId/:assignmentId" element={<ReviewWorkspacePage />} />
          <Route path="/admin/review/:callId" element={<p>assignments list</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

async function axeViolations(container: HTMLElement) {
  // jsdom lays nothing out: contrast cannot be measured here (the e2e suite checks it in Chromium).
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the review workspace', { timeout: 30_000 }, () => {
  beforeEach(() => {
    mocked.save.mockImplementation(async (_id, body) => ({ ...workspace().review, ...body, version: body.version + 1 }));
  });

  it('shows the application, the rubric with its guidance (falling back to another language) and the live weighted score', async () => {
    renderWorkspace(workspace());
    expect(await screen.findByRole('heading', { level: 1, name: 'Green futures · GF-0042' })).toBeTruthy();
    expect(screen.getByText('Acme Cooperative · Grace Hopper')).toBeTruthy();
    expect(screen.getByText('How much change')).toBeTruthy();
    expect(screen.getByText('Réalisme du budget')).toBeTruthy();
    // 4 of 0..5 with weight 2 alone: 80.
    expect(screen.getByTestId('review-score').textContent).toContain('80 / 100');
    const budget = within(screen.getByTestId('criterion-k2')).getByRole('spinbutton');
    fireEvent.change(budget, { target: { value: '5' } });
    // (2 × 0.8 + 1 × 0.5) / 3 = 0.7
    expect(screen.getByTestId('review-score').textContent).toContain('70 / 100');
  });

  it('keeps a value off the scale in the field, says why, and does not save it', async () => {
    renderWorkspace(workspace());
    const budget = within(await screen.findByTestId('criterion-k2')).getByRole('spinbutton');
    fireEvent.change(budget, { target: { value: '11' } });
    expect(within(screen.getByTestId('criterion-k2')).getByRole('alert').textContent).toBe('Outside the scale.');
    fireEvent.change(budget, { target: { value: '2.25' } });
    expect(within(screen.getByTestId('criterion-k2')).getByRole('alert').textContent).toBe('Not a step of the scale.');
    await new Promise((r) => setTimeout(r, 1000));
    expect(mocked.save).not.toHaveBeenCalled();
  });

  it('shows no identity in a blind phase, even if the answer carried one, and names files as the API sends them', async () => {
    const blind = workspace({ blind: true, phase: { ...workspace().phase!, blind: true } });
    const { container } = renderWorkspace(blind);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('review-identity')).toBeNull();
    expect(container.textContent).not.toMatch(/Acme|Grace|Hopper|acme\.example/);
    expect(within(screen.getByTestId('review-attachments')).getByText('Attachment 1')).toBeTruthy();
  });

  it('is read-only with the reason when the phase does not let reviewers score', async () => {
    const closed = workspace({ phase: { ...workspace().phase!, mayScore: false }, review: { ...workspace().review, editable: false } });
    renderWorkspace(closed);
    expect((await screen.findByTestId('review-read-only')).textContent).toMatch(/does not let reviewers score/);
    for (const input of screen.getAllByRole('spinbutton')) expect((input as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Submit the review' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks the missing criteria when the API refuses an incomplete review', async () => {
    mocked.submit.mockRejectedValue(new ApiError(400, 'errors.review.incomplete', 'incomplete', { k2: 'missing' }));
    renderWorkspace(workspace());
    fireEvent.click(await screen.findByRole('button', { name: 'Submit the review' }));
    expect((await within(screen.getByTestId('criterion-k2')).findByRole('alert')).textContent).toBe('Required: give a score.');
    expect(mocked.submit).toHaveBeenCalledWith('a1', 3);
  });

  it('saves, then opens the next application (save and next)', async () => {
    mocked.next.mockResolvedValue({ id: null });
    renderWorkspace(workspace());
    fireEvent.click(await screen.findByRole('button', { name: 'Save and next' }));
    expect(await screen.findByText('assignments list')).toBeTruthy();
    expect(mocked.next).toHaveBeenCalledWith('c1', 'a1');
  });

  it('declares a conflict with a reason, then goes back to the list', async () => {
    mocked.declareConflict.mockResolvedValue(undefined as never);
    renderWorkspace(workspace());
    fireEvent.click(await screen.findByRole('button', { name: 'Declare a conflict of interest' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'My sister runs it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Declare the conflict' }));
    expect(await screen.findByText('assignments list')).toBeTruthy();
    expect(mocked.declareConflict).toHaveBeenCalledWith('a1', 'My sister runs it');
  });

  it('shows the other reviews when the phase does, without names in a blind phase', async () => {
    renderWorkspace(
      workspace({
        blind: true,
        otherReviews: [
          { reviewerName: null, scores: { k1: 2 }, score: 40, recommendation: 'maybe', commentPanel: 'Thin budget', abstained: false },
        ],
      }),
    );
    const others = await screen.findByTestId('other-reviews');
    expect(others.textContent).toContain('Reviewer 1');
    expect(others.textContent).toContain('Thin budget');
  });

  it.each(['en', 'it', 'fr'] as const)('has no axe violation (%s)', async (language) => {
    const { container } = renderWorkspace(workspace({ otherReviews: [] }), language);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.getByTestId('review-step')).toBeTruthy());
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('the workspace paths and texts', () => {
  it('tells the workspace paths from the rest of the console', () => {
    expect(reviewPath('/admin', 'c1', 'a1')).toBe('/admin/review/c1/a1');
    expect(isReviewPath('/admin/review', '/admin')).toBe(true);
    expect(isReviewPath('/admin/review/c1/a1', '/admin')).toBe(true);
    expect(isReviewPath('/admin/reviewers', '/admin')).toBe(false);
    expect(isReviewPath('/admin/calls/c1/review', '/admin')).toBe(false);
    expect(isReviewPath('/admin', '/admin')).toBe(false);
  });

  it('gives the guidance in the interface language, else in another one', () => {
    expect(guidanceText({ it: 'Italiano', en: 'English' }, 'en')).toBe('English');
    expect(guidanceText({ fr: 'Français', en: ' ' }, 'en')).toBe('Français');
    expect(guidanceText({}, 'it')).toBe('');
  });
});
