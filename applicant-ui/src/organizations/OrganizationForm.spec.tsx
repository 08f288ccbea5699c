import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { OrganizationForm, organizationFormValues, toOrganizationInput, type OrganizationFormValues } from './OrganizationForm';

vi.mock('../api/client', () => ({
  api: { GET: vi.fn(async () => ({ data: undefined, response: new Response(null, { status: 500 }) })), POST: vi.fn() },
}));

const user = { firstName: 'Maria', lastName: 'Rossi', email: 'maria@example.com' };

describe('OrganizationForm', () => {
  it('prefills the contact from the user and keeps Submit disabled until every required field and the consent are given', async () => {
    const onSubmit = vi.fn(async (_values: OrganizationFormValues) => undefined);
    renderWithProviders(<OrganizationForm initial={organizationFormValues(undefined, user)} submitLabel="Submit" onSubmit={onSubmit} />);
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Maria');
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).value).toBe('Rossi');
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('maria@example.com');
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    const ue = userEvent.setup();
    fireEvent.change(screen.getByLabelText(/^Organization name/), { target: { value: 'Cooperativa Sole' } });
    fireEvent.change(screen.getByLabelText(/^Tax or VAT code/), { target: { value: 'IT0123' } });
    fireEvent.change(screen.getByLabelText(/^Street and number/), { target: { value: 'Via Roma 1' } });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Torino' } });
    fireEvent.change(screen.getByLabelText(/^Country/), { target: { value: 'Italia' } });
    fireEvent.change(screen.getByLabelText(/^Role/), { target: { value: 'President' } });
    expect(submit.disabled).toBe(true); // consent missing
    await ue.click(screen.getByLabelText(/I consent to the processing of personal data/));
    expect(submit.disabled).toBe(false);

    // Blanking a required field disables it again and says why once the field was left.
    const city = screen.getByLabelText(/^City/);
    fireEvent.change(city, { target: { value: '' } });
    fireEvent.blur(city);
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('Required')).toBeTruthy();
    fireEvent.change(city, { target: { value: 'Torino' } });
    await ue.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toOrganizationInput(onSubmit.mock.calls[0][0])).toMatchObject({
      name: 'Cooperativa Sole',
      city_name: 'Torino',
      personalData: true,
      date_of_foundation: null,
    });
  }, 30_000);

  it('flags an invalid e-mail', async () => {
    renderWithProviders(
      <OrganizationForm initial={organizationFormValues(undefined, { ...user, email: 'nope' })} submitLabel="Submit" onSubmit={vi.fn()} />,
    );
    fireEvent.blur(screen.getByLabelText(/^E-mail/));
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
  });
});
