import { session } from '@impact-calls/api-client';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { fakeToken, renderWithProviders } from '../test/render';
import type { Submission } from './fillApi';
import FillPage from './FillPage';
import { useSubmission } from './useSubmission';

// jsdom has none; the writable survey measures itself with one.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);
vi.mock('../api/client', () => ({ api: { GET: vi.fn(), POST: vi.fn() }, returnToLanding: vi.fn() }));
vi.mock('./useSubmission', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./useSubmission')>()),
  useSubmission: vi.fn(),
}));

const submission = {
  id: 's1',
  callName: 'Call',
  code: 'C-1',
  organization: { name: 'Org' },
  closed: false,
  callOpen: true,
  readOnly: false,
  steps: [{ id: 'q', name: 'Questions', description: '', sort: 1, stepTypeId: 'type-survey', stepTypeName: 'survey', content: {} }],
  stepResults: [],
  attachments: [],
} as unknown as Submission;

function open(role: 'viewer' | 'editor') {
  session.setTokens(fakeToken(3600), 'refresh');
  session.setOrganizationId('org-1');
  vi.mocked(api.GET).mockResolvedValue({
    data: [{ id: 'org-1', name: 'Org', role }],
    response: new Response(null, { status: 200 }),
  } as never);
  vi.mocked(useSubmission).mockReturnValue({ data: submission, isLoading: false, error: null } as unknown as ReturnType<
    typeof useSubmission
  >);
  renderWithProviders(
    <Routes>
      <Route path="/call/:submissionId/*" element={<FillPage />} />
    </Routes>,
    { path: '/call/s1/step/0' },
  );
}

afterEach(() => {
  cleanup();
  session.clear();
  vi.resetAllMocks();
});

describe('the fill screen of a viewer', () => {
  it('opens read-only, as ?readonly=true does', async () => {
    open('viewer');
    expect(await screen.findByTestId('read-only-banner')).toBeTruthy();
    expect(screen.queryByTestId('save-status')).toBeNull();
  });

  it('stays writable for an editor', async () => {
    open('editor');
    expect(await screen.findByRole('heading', { level: 2, name: 'Questions' })).toBeTruthy();
    expect(screen.queryByTestId('read-only-banner')).toBeNull();
  });
});
