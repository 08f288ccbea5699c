import { DECISIONS, EMPTY_ID, type Decision } from '@impact-calls/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import type { UserCall } from './callActions';
import { CallCard, type CallCardHandlers } from './CallCard';

const call = (more: Partial<UserCall> = {}): UserCall => ({
  id: 'c1',
  name: 'Green spaces',
  description: '<p>About the call</p>',
  callTypeId: 't1',
  type: 't1',
  openingAt: '2030-01-01T00:00:00.000Z',
  closingAt: '2030-02-01T00:00:00.000Z',
  status: 'close',
  phase: 'closed',
  callLockEnd: null,
  locked: false,
  isUserFilterEnable: false,
  enableUserDownloadPdf: false,
  impactFrameworkId: null,
  userPowerBIWorkspaceID: null,
  userPowerBIReportID: null,
  customFile: null,
  submissionId: 's1',
  submissionClosed: true,
  decision: null,
  ...more,
});

const handlers = (): CallCardHandlers => ({
  onStart: vi.fn(),
  onResume: vi.fn(),
  onViewRecap: vi.fn(),
  onViewReport: vi.fn(),
  onDownloadFile: vi.fn(),
  onDownloadPdf: vi.fn(),
});

const renderCard = (c: UserCall, language = 'en') =>
  renderWithProviders(<CallCard call={c} hasOrganization busy={false} handlers={handlers()} />, { language });

describe('the call card: the released decision', () => {
  it('shows no outcome before the decision is released, nor without a submission', () => {
    renderCard(call());
    expect(screen.queryByTestId('call-decision')).toBeNull();
    renderCard(call({ submissionId: EMPTY_ID, submissionClosed: false }));
    expect(screen.queryByTestId('call-decision')).toBeNull();
  });

  const english: Record<Decision, string> = {
    shortlisted: 'Outcome: Shortlisted',
    approved: 'Outcome: Approved',
    rejected: 'Outcome: Not selected',
    'waiting-list': 'Outcome: Waiting list',
  };

  it.each(DECISIONS)('shows %s in words with an icon, inside the card', (decision) => {
    renderCard(call({ decision }));
    const card = screen.getByRole('article', { name: 'Green spaces' });
    const chip = within(card).getByTestId('call-decision');
    expect(chip.textContent).toBe(english[decision]);
    // Not colour alone: an icon beside the words, hidden from screen readers, which read the words.
    expect(chip.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it("speaks the applicant's language", () => {
    renderCard(call({ decision: 'waiting-list' }), 'it');
    expect(screen.getByTestId('call-decision').textContent).toBe("Esito: Lista d'attesa");
  });

  it("keeps the card's buttons: the recap stays one click away", () => {
    renderCard(call({ decision: 'approved' }));
    expect(screen.getByRole('button', { name: 'View recap' })).toBeTruthy();
  });
});
