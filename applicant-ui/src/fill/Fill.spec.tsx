import { formatDateTimeWithZone } from '@impact-calls/domain';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ClosingPage } from './ClosingPage';
import { Fill } from './Fill';
import type { Attachment, Submission } from './fillApi';
import FillPage from './FillPage';
import { useFillNavigation } from './useFillNavigation';
import { useSubmission } from './useSubmission';

vi.mock('./useSubmission', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./useSubmission')>()),
  useSubmission: vi.fn(),
}));

const step = (id: string, stepTypeName: string, content: unknown, name = id) =>
  ({ id, name, description: '', sort: 0, stepTypeId: `type-${stepTypeName}`, stepTypeName, content }) as Submission['steps'][number];

function submission(steps: Submission['steps'], more: Partial<Submission> = {}): Submission {
  return {
    id: 's1',
    callName: 'Call',
    code: 'C-1',
    organization: { name: 'Org' },
    closed: false,
    callOpen: true,
    readOnly: false,
    submittedAt: null,
    quizScore: null,
    sroiScore: null,
    steps,
    stepResults: [],
    attachments: [],
    ...more,
  } as unknown as Submission;
}

const file = (stepId: string, slotIndex: number, createdAt = '2030-01-01T10:00:00Z') =>
  ({
    id: `f-${stepId}-${slotIndex}`,
    stepId,
    slotIndex,
    fileName: 'budget.pdf',
    dimensions: 6451,
    description: '',
    createdAt,
  }) as unknown as Attachment;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

/** Fill at the route's position, with its submission changeable from the test (what the cache holds after an upload). */
let change: (s: Submission) => void = () => undefined;
function FillHarness({ initial }: { initial: Submission }) {
  const [s, set] = useState(initial);
  useEffect(() => {
    change = set;
  }, []);
  return (
    <Routes>
      <Route path="/call/:submissionId/*" element={<FillAt submission={s} />} />
    </Routes>
  );
}
function FillAt({ submission }: { submission: Submission }) {
  const { '*': splat = '' } = useParams();
  return (
    <>
      <Fill submission={submission} splat={splat} readonlyParam={false} />
      <Where />
    </>
  );
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => vi.mocked(useSubmission).mockReset());

describe('the fill screen, second look', () => {
  it('drops the "upload every mandatory document" warning once every mandatory file is there', async () => {
    const upload = step('u', 'upload', [{ file_name: 'Budget', file_type: 'pdf', mandatory: true }]);
    const s = submission([upload, step('t', 'text', { html: '<p>End</p>' })]);
    renderWithProviders(<FillHarness initial={s} />, { path: '/call/s1/step/0' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('next-blocked').textContent).toBe('Upload every mandatory document of this step');
    act(() => change({ ...s, attachments: [file('u', 0)] }));
    expect(screen.queryByTestId('next-blocked')).toBeNull();
  });

  it("folds the phone's list of steps once a step is chosen in it", async () => {
    const s = submission([step('a', 'text', {}, 'A'), step('b', 'text', {}, 'B'), step('c', 'text', {}, 'C')]);
    renderWithProviders(<FillHarness initial={s} />, { path: '/call/s1/step/0' });
    const summary = screen.getByRole('button', { name: /Show the steps/ });
    fireEvent.click(summary);
    expect(summary.getAttribute('aria-expanded')).toBe('true');
    const list = summary.closest<HTMLElement>('.MuiAccordion-root')!;
    fireEvent.click(within(list).getByRole('button', { name: '2. B' }));
    expect(screen.getByTestId('where').textContent).toBe('/call/s1/step/1');
    await waitFor(() => expect(summary.getAttribute('aria-expanded')).toBe('false'));
  });

  it('says the stakeholder message once: "next" moves to the one under the cards instead of repeating it above the buttons', () => {
    const FW = '0b6f6f8e-2d43-4a8e-9f5e-1c2d3e4f5a6b';
    const minidyi = step('m', 'miniDyi', { frameworkId: FW, showSdgFilter: true });
    const state = {
      budget: 1000,
      sdg: [1],
      selectedOutcomes: [
        {
          outcomeId: '00000000-0000-4000-8000-000000000001',
          outcomeName: 'O',
          sdg: 1,
          stakeholderId: null,
          stakeholderName: '',
          indicators: [],
        },
      ],
    };
    const main = document.createElement('main');
    main.id = 'main-content';
    main.innerHTML = '<p tabindex="-1" data-issue="components.mini-dyi.error-stakeholders">Please check…</p>';
    document.body.append(main);
    vi.useFakeTimers();
    try {
      const { result } = renderHook(
        () =>
          useFillNavigation({
            submission: submission([minidyi]),
            splat: 'step/0/4',
            readOnly: false,
            readonlyParam: false,
            contentOf: () => state,
          }),
        { wrapper: ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter> },
      );
      act(() => result.current.next());
      act(() => {
        vi.runAllTimers();
      });
      expect(result.current.blocked).toBeUndefined();
      expect(document.activeElement).toBe(main.firstElementChild);
    } finally {
      vi.useRealTimers();
      main.remove();
    }
  });
});

describe('resume ("Riprendi")', () => {
  const steps = [
    step('intro', 'text', { html: '<p>Welcome</p>' }),
    step('q', 'survey', { pages: [{ elements: [{ type: 'text', name: 'a', isRequired: true }] }] }),
    step('u', 'upload', [
      { file_name: 'Budget', file_type: 'pdf', mandatory: true },
      { file_name: 'Photo', file_type: 'image' },
    ]),
    step('end', 'text', { html: '<p>Thanks</p>' }),
  ];
  const open = (s: Submission) => {
    vi.mocked(useSubmission).mockReturnValue({ data: s, isLoading: false, error: null } as unknown as ReturnType<typeof useSubmission>);
    return renderWithProviders(
      <Routes>
        <Route path="/call/:submissionId/*" element={<FillPage />} />
      </Routes>,
      { path: '/call/s1' },
    );
  };
  const saved = (stepId: string, updatedAt: string) => ({
    id: `r-${stepId}`,
    stepId,
    stepStepTypeName: 'survey',
    content: { data: {} },
    version: 1,
    score: null,
    updatedAt,
  });

  it('opens the step last worked on: the latest answer or file saved', async () => {
    open(submission(steps, { stepResults: [saved('q', '2030-01-01T09:00:00Z')], attachments: [file('u', 1, '2030-01-01T10:00:00Z')] }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'u' })).toBeTruthy());
  });

  it('opens the position last shown on this device when there is one', async () => {
    const s = submission(steps, { stepResults: [saved('q', '2030-01-01T09:00:00Z')] });
    const first = open(s);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'q' })).toBeTruthy());
    // On this device the applicant then went on to the last step, and left.
    fireEvent.click(screen.getAllByRole('button', { name: /^4\. end/ })[0]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'end' })).toBeTruthy());
    first.unmount();
    open(s);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'end' })).toBeTruthy());
  });

  it('opens the first step of a submission nothing was saved in', async () => {
    open(submission(steps));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'intro' })).toBeTruthy());
  });
});

describe('the closing page', () => {
  it('names the time zone of the submission time, as every date of the app does', () => {
    const at = '2030-11-24T05:49:00Z';
    renderWithProviders(<ClosingPage submission={submission([], { closed: true, submittedAt: at })} />, { language: 'it' });
    expect(screen.getByTestId('closing-page').textContent).toContain(`inviata il ${formatDateTimeWithZone(at, 'it')}.`);
  });
});

describe('the released decision', () => {
  it('shows on the closing page, titled and explained, in the language of the app', () => {
    renderWithProviders(<ClosingPage submission={submission([], { closed: true, decision: 'shortlisted' })} />, { language: 'fr' });
    const notice = screen.getByRole('region', { name: 'Résultat : Présélectionnée' });
    expect(within(notice).getByRole('heading', { level: 2 }).textContent).toBe('Résultat : Présélectionnée');
    expect(notice.textContent).toContain("elle passe à l'étape suivante de la sélection");
    expect(notice.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('is absent while none is released', () => {
    renderWithProviders(<ClosingPage submission={submission([], { closed: true, decision: null })} />);
    expect(screen.queryByTestId('submission-decision')).toBeNull();
  });

  it('shows above the read-only recap of the answers', () => {
    const s = submission([step('t', 'text', { html: '<p>End</p>' })], { closed: true, readOnly: true, decision: 'rejected' });
    renderWithProviders(<FillHarness initial={s} />, { path: '/call/s1/step/0' });
    const notice = screen.getByRole('region', { name: 'Outcome: Not selected' });
    expect(notice.textContent).toContain('Your application was not selected this time.');
    expect(screen.getByTestId('read-only-banner')).toBeTruthy();
  });
});
