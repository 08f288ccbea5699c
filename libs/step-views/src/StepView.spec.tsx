import { translate, type Language } from '@impact-calls/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FillTextProvider, StepView, type FillStep, type StepRendererProps } from '.';

const t = (key: string, vars?: Record<string, string | number>) => translate('en', key, vars);

function show(step: Partial<FillStep> & { stepTypeName: string }, props: Partial<StepRendererProps> = {}, texts: Language = 'en') {
  return render(
    <FillTextProvider value={texts === 'en' ? t : (key, vars) => translate(texts, key, vars)}>
      <StepView
        step={{ id: 's1', name: 'Step', description: '', content: null, sort: 1, ...step }}
        result={undefined}
        readOnly={false}
        language="en"
        attachments={[]}
        scores={{ closed: false, quizScore: null, sroiScore: null }}
        {...props}
      />
    </FillTextProvider>,
  );
}

describe('step renderers', () => {
  it('show the not-implemented message with the type name for unknown kinds', () => {
    show({ stepTypeName: 'webinar' });
    expect(screen.getByTestId('step-not-implemented').textContent).toBe('Not implemented: webinar');
    show({ stepTypeName: 'video-call' });
    expect(screen.getAllByTestId('step-not-implemented')[1].textContent).toBe('Not implemented: video-call');
  });

  it('render a text step as its HTML', () => {
    show({ stepTypeName: 'text', content: { html: '<p>Hello <strong>world</strong></p>' } });
    expect(screen.getByText('world').tagName).toBe('STRONG');
  });

  it('render upload slots with their limits, and the file of a slot without inputs when read-only', () => {
    const content = [
      { file_name: 'Budget', file_description: 'The budget', file_type: 'excel', dimensions: 2 * 1024 * 1024, mandatory: true },
      { file_name: 'Photo', file_description: '', file_type: 'image', dimensions: 1024, mandatory: false },
    ];
    const attachment = {
      id: 'a',
      fileName: 'budget.xlsx',
      fileDownloadId: 'd',
      attachedType: 'excel',
      description: 'v2',
      dimensions: 1536,
      stepId: 's1',
      slotIndex: 0,
    };
    const { container, unmount } = show({ stepTypeName: 'upload', content }, { readOnly: true, attachments: [attachment] });
    expect(screen.getByRole('region', { name: 'Budget' }).textContent).toContain('budget.xlsx');
    expect(screen.getByRole('region', { name: 'Budget' }).textContent).toContain('Max 2 MB');
    expect(screen.getByRole('region', { name: 'Photo' }).textContent).toContain('No file yet');
    expect(container.querySelectorAll('input[type="file"]')).toHaveLength(0);
    unmount();
    const open = show(
      { stepTypeName: 'upload', content },
      { uploads: { upload: async () => undefined, remove: async () => undefined, download: async () => undefined } },
    );
    const inputs = open.container.querySelectorAll<HTMLInputElement>('input[type="file"]');
    expect([...inputs].map((i) => i.accept)).toEqual(['.xlsx,.xls,.ods', '.png,.jpg,.jpeg,.gif,.webp']);
  });

  it('show the scores against the bounds, and no quiz score before submitting', () => {
    show({ stepTypeName: 'results', content: { lowerScore: 50, upperScore: 100, appliesTo: 'quiz' } });
    expect(screen.getByTestId('result-quiz').textContent).toContain('Available once the application is submitted');
    show(
      { stepTypeName: 'results', content: { lowerScore: 50, upperScore: 100, appliesTo: 'quiz' } },
      { scores: { closed: true, quizScore: 0.25, sroiScore: 3.456 } },
    );
    // One unit for a score and its bounds: the quiz in percent, the bounds too.
    expect(screen.getAllByTestId('result-quiz')[1].textContent).toContain('25%');
    expect(screen.getAllByTestId('result-quiz')[1].textContent).toContain('Expected range: 50% – 100%');
    expect(screen.getAllByTestId('result-quiz')[1].textContent).toContain('Below the expected range');
    expect(screen.getAllByTestId('result-sroi')[1].textContent).toContain('1 : 3.46');
    expect(screen.getAllByTestId('result-sroi')[1].textContent).not.toContain('Expected range');
  });

  it('show the SROI index against its bounds, as 1 : x, in the language of the interface', () => {
    show(
      { stepTypeName: 'results', content: { lowerScore: 1, upperScore: 8 } },
      { scores: { closed: true, quizScore: null, sroiScore: 15.1666 }, language: 'it' },
    );
    expect(screen.getByTestId('result-sroi').textContent).toContain('1 : 15,17');
    expect(screen.getByTestId('result-sroi').textContent).toContain('1 : 1,00 – 1 : 8,00');
    expect(screen.getByTestId('result-sroi').textContent).toContain('Above the expected range');
  });

  it('choose a file with a real button (a label may take no role), and write sizes in the reader language', () => {
    const content = [{ file_name: 'Budget', file_description: '', file_type: 'excel', dimensions: 2 * 1024 * 1024, mandatory: true }];
    const attachment = {
      id: 'a',
      fileName: 'budget.xlsx',
      fileDownloadId: 'd',
      attachedType: 'excel',
      description: '',
      dimensions: 6451,
      stepId: 's1',
      slotIndex: 0,
    };
    const uploads = { upload: async () => undefined, remove: async () => undefined, download: async () => undefined };
    const fr = show({ stepTypeName: 'upload', content }, { uploads, language: 'fr', attachments: [attachment] }, 'fr');
    const slot = screen.getByRole('region', { name: 'Budget' });
    expect(fr.container.querySelectorAll('label[role], [role="button"]:not(button)')).toHaveLength(0);
    expect(slot.textContent).toContain('Maximum 2 Mo');
    expect(slot.textContent).toContain('6,3 Ko');
    const input = fr.container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const picked = vi.spyOn(input, 'click');
    const replace = within(slot).getByRole('button', { name: 'Remplacer' });
    expect(replace.tagName).toBe('BUTTON');
    fireEvent.click(replace);
    expect(picked).toHaveBeenCalledTimes(1);
    fr.unmount();
    show({ stepTypeName: 'upload', content }, { readOnly: true, language: 'it', attachments: [attachment] }, 'it');
    expect(screen.getByRole('region', { name: 'Budget' }).textContent).toContain('6,3 KB');
  });

  it('say under a question why choices grey out once its limit is reached (the applicant sees the limit before ticking)', async () => {
    const content = {
      pages: [
        {
          elements: [
            { type: 'checkbox', name: 'help', title: 'What help?', maxSelectedChoices: 2, choices: ['Mentoring', 'Funding', 'Networking'] },
          ],
        },
      ],
    };
    // SurveyJS sizes its layout with ResizeObserver, which jsdom lacks; nothing here depends on sizes.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    show({ stepTypeName: 'survey', content }, {}, 'it');
    expect(await screen.findByText('Puoi sceglierne al massimo 2.', {}, { timeout: 10_000 })).toBeTruthy();
  }, 20_000);
});
