import { session } from '@impact-calls/api-client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { fakeToken, renderWithProviders } from '../test/render';
import { UserMenu } from './UserMenu';

vi.mock('../api/client', () => ({ api: { GET: vi.fn(), POST: vi.fn() } }));

function signedInAs(isAdmin: boolean) {
  session.setTokens(fakeToken(3600), 'refresh');
  vi.mocked(api.GET).mockResolvedValue({
    data: {
      id: 'u1',
      firstName: 'Maria',
      lastName: 'Rossi',
      email: 'maria@example.com',
      roles: isAdmin ? ['admin'] : [],
      isAdmin,
      canCustomize: false,
    },
    response: new Response(null, { status: 200 }),
  } as never);
}

describe('UserMenu', () => {
  it('offers Login and Register to anonymous visitors', () => {
    renderWithProviders(<UserMenu />);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it('shows the name and initials; the menu has no Admin panel for a user', async () => {
    signedInAs(false);
    renderWithProviders(<UserMenu />);
    const button = await screen.findByRole('button', { name: 'Maria Rossi' });
    expect(button.textContent).toContain('Maria Rossi');
    // The initials are drawn by CSS (not text of the button's label).
    expect(button.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('MR');
    await userEvent.setup().click(button);
    expect(screen.getByRole('menuitem', { name: 'Your organizations' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Back to calls' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Admin panel' })).toBeNull();
  });

  it('adds the Admin panel for administrators', async () => {
    signedInAs(true);
    renderWithProviders(<UserMenu />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Maria Rossi' }));
    expect(screen.getByRole('menuitem', { name: 'Admin panel' }).getAttribute('href')).toBe('/admin');
  });

  it('stays open when the click comes after the hover delay has already opened it', async () => {
    signedInAs(false);
    renderWithProviders(<UserMenu />);
    const button = await screen.findByRole('button', { name: 'Maria Rossi' });
    const user = userEvent.setup();
    await user.hover(button);
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(button); // a second click closes it
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
