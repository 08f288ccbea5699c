import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18nProvider, loadMessages } from '../../../providers/i18nProvider';
import { defaultContent, toStepInput, type StepFormValue } from '../stepModel';
import { MiniDyiContent } from './MiniDyiContent';

const CALL_FRAMEWORK = '0b6f6f8e-2d43-4a8e-9f5e-1c2d3e4f5a6b';
const OTHER_FRAMEWORK = '1c7f6f8e-2d43-4a8e-9f5e-1c2d3e4f5a6c';
const MINIDYI = '5e0c0001-0000-4000-8000-000000000003';

afterEach(cleanup);
beforeAll(() => loadMessages('en'));

/** A miniDyi step edited inside a call whose General tab names `callFrameworkId`. */
function renderInCall(step: StepFormValue, callFrameworkId: string | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(
    ['impact-frameworks', 'set-list'],
    [
      { id: CALL_FRAMEWORK, name: 'Demo impact framework' },
      { id: OTHER_FRAMEWORK, name: 'Other framework' },
    ],
  );
  const saved = vi.fn<(content: unknown) => void>();
  render(
    <AdminContext i18nProvider={createI18nProvider('en')} queryClient={queryClient}>
      <Form
        record={{ steps: [step] }}
        onSubmit={(values: Record<string, unknown>) => saved(toStepInput((values as { steps: StepFormValue[] }).steps[0]).content)}
      >
        <MiniDyiContent base="steps.0" callFrameworkId={callFrameworkId} />
        <button type="submit">Save</button>
      </Form>
    </AdminContext>,
  );
  return { saved };
}

const step = (frameworkId: string | null): StepFormValue => ({
  name: 'Impact',
  stepTypeId: MINIDYI,
  content: { ...(defaultContent('miniDyi') as object), frameworkId },
});

describe("the miniDyi step's framework inside a call", { timeout: 30_000 }, () => {
  it("shows the call's framework as the step's, says where it is chosen, and saves the step without one of its own", async () => {
    const { saved } = renderInCall(step(null), CALL_FRAMEWORK);
    const picker = await screen.findByRole('combobox', { name: /^Impact framework/ });
    expect(picker.textContent).toBe("The call's: Demo impact framework");
    expect(document.getElementById(picker.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toMatch(/General Info tab/);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0][0]).toMatchObject({ frameworkId: null });
  });

  it("says when the step uses another framework than the call's", async () => {
    renderInCall(step(OTHER_FRAMEWORK), CALL_FRAMEWORK);
    expect((await screen.findByRole('status')).textContent).toBe(
      "This step uses “Other framework”, not the call's “Demo impact framework”: applicants see this step's.",
    );
  });
});
