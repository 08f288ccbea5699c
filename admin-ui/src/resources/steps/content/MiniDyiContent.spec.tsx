import { readMiniDyiStepContent } from '@impact-calls/domain';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Form } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { defaultContent, toFormStep, toStepInput, type SavedStep, type StepFormValue } from '../stepModel';
import { MiniDyiContent } from './MiniDyiContent';

const FRAMEWORK = '0b6f6f8e-2d43-4a8e-9f5e-1c2d3e4f5a6b';
const MINIDYI = '5e0c0001-0000-4000-8000-000000000003';

afterEach(cleanup);

/** The step editor's miniDyi fields inside a react-admin form, in English; answers what the API would receive for the step. */
function renderEditor(step: StepFormValue) {
  const queryClient = new QueryClient();
  // The framework picker's list, as GetImpactFrameworkSetList answers it.
  queryClient.setQueryData(['impact-frameworks', 'set-list'], [{ id: FRAMEWORK, name: 'Demo impact framework' }]);
  const saved = vi.fn<(content: unknown) => void>();
  render(
    <AdminContext i18nProvider={createI18nProvider('en')} queryClient={queryClient}>
      <Form
        record={{ steps: [step] }}
        onSubmit={(values: Record<string, unknown>) => saved(toStepInput((values as { steps: StepFormValue[] }).steps[0]).content)}
      >
        <MiniDyiContent base="steps.0" />
        <button type="submit">Save</button>
      </Form>
    </AdminContext>,
  );
  return { saved };
}

const field = (name: RegExp) => screen.getByRole('spinbutton', { name });
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });

async function choose(label: RegExp, option: RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

const newStep = (): StepFormValue => ({ name: 'Impact', stepTypeId: MINIDYI, content: defaultContent('miniDyi') });

// Rendering react-admin in jsdom takes seconds on a busy machine.
const SLOW = { timeout: 5_000 };
describe('the miniDyi step editor', { timeout: 30_000 }, () => {
  it('sets every SROI option; rates typed in percent are saved as the fractions the API reads', async () => {
    const { saved } = renderEditor(newStep());
    await choose(/^Impact framework/, /Demo impact framework/);
    type(/^Most outcomes/, '6');
    type(/^Most SDGs/, '3');
    type(/^Years/, '5');
    await choose(/^Build-up of the value/, /^Linear/);
    type(/^Discount rate/, '3.5');
    type(/^Deadweight/, '20');
    type(/^Displacement/, '1.1');
    type(/^Attribution/, '25');
    type(/^Drop-off/, '12.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SLOW);
    const content = saved.mock.calls[0][0];
    expect(content).toEqual({
      frameworkId: FRAMEWORK,
      showSdgFilter: true,
      maxOutcomeSelect: 6,
      maxSdgSelect: 3,
      sroi: { years: 5, rampUp: 'linear', discountRate: 0.035, deadweight: 0.2, displacement: 0.011, attribution: 0.25, dropOff: 0.125 },
    });
    // What the API checks on save (the same reader) finds nothing wrong.
    expect(readMiniDyiStepContent(content).issues).toEqual({});
  });

  it('shows a saved step’s options in percent and saves them back unchanged', async () => {
    const sroi = { years: 7, discountRate: 0.035, deadweight: 0.07, displacement: 0, attribution: 0.3, dropOff: 0.1, rampUp: 'flat' };
    const content = { frameworkId: FRAMEWORK, showSdgFilter: false, maxOutcomeSelect: 2, maxSdgSelect: 5, sroi };
    const step = {
      id: 's1',
      name: 'Impact',
      description: '',
      stepTypeId: MINIDYI,
      stepTypeName: 'miniDyi',
      content,
    } as unknown as SavedStep;
    const { saved } = renderEditor(toFormStep(step));
    expect(field(/^Years/)).toHaveProperty('value', '7');
    expect(field(/^Discount rate/)).toHaveProperty('value', '3.5');
    expect(field(/^Deadweight/)).toHaveProperty('value', '7');
    expect(field(/^Drop-off/)).toHaveProperty('value', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith(content), SLOW);
  });

  it('refuses what the API refuses, with the message next to the field, and saves nothing', async () => {
    const { saved } = renderEditor({ ...newStep(), content: { ...(defaultContent('miniDyi') as object), frameworkId: FRAMEWORK } });
    type(/^Years/, '2.5');
    type(/^Deadweight/, '120');
    type(/^Attribution/, '-1');
    type(/^Most outcomes/, '101');
    type(/^Drop-off/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const errorOf = async (name: RegExp) => {
      const input = field(name);
      await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'), SLOW);
      return document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0])?.textContent;
    };
    expect(await errorOf(/^Years/)).toContain('Enter a whole number from 1 to 30');
    expect(await errorOf(/^Deadweight/)).toContain('Enter a percentage from 0 to 100');
    expect(await errorOf(/^Attribution/)).toContain('Enter a percentage from 0 to 100');
    expect(await errorOf(/^Most outcomes/)).toContain('Enter a whole number from 1 to 100');
    expect(await errorOf(/^Drop-off/)).toContain('Required');
    expect(field(/^Discount rate/).getAttribute('aria-invalid')).toBe('false');
    expect(saved).not.toHaveBeenCalled();
  });
});
