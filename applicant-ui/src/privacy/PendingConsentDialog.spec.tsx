import { session } from '@impact-calls/api-client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { fakeToken, renderWithProviders } from '../test/render';
import { PendingConsentDialog } from './PendingConsentDialog';

vi.mock('../api/client', () => ({ api: { GET: vi.fn(), POST: vi.fn() } }));

const ok = (data: unknown, status = 200) => ({ data, response: new Response(null, { status }) }) as never;
const VERSION = 'a'.repeat(64);

describe('PendingConsentDialog', () => {
  it('shows the changed notice until the user agrees, and records the version shown', async () => {
    session.setTokens(fakeToken(3600), 'refresh');
    let agreed = false;
    vi.mocked(api.GET).mockImplementation((async (path: string) =>
      path === '/api/privacy/consents/pending'
        ? ok(
            agreed
              ? []
              : [
                  {
                    kind: 'data-consent-text',
                    textVersion: VERSION,
                    text: '<p>We process <strong>your data</strong>.</p>',
                    language: 'en',
                  },
                ],
          )
        : ok({})) as never);
    vi.mocked(api.POST).mockImplementation((async () => {
      agreed = true;
      return ok({ id: 'c1', kind: 'data-consent-text', textVersion: VERSION }, 201);
    }) as never);

    renderWithProviders(<PendingConsentDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Data protection notice' });
    expect(dialog.textContent).toContain('We process your data.');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'I agree' }));
    expect(vi.mocked(api.POST)).toHaveBeenCalledWith('/api/privacy/consents', {
      body: { kind: 'data-consent-text', textVersion: VERSION },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows nothing when nothing is pending', async () => {
    session.setTokens(fakeToken(3600), 'refresh');
    vi.mocked(api.GET).mockResolvedValue(ok([]));
    renderWithProviders(<PendingConsentDialog />);
    await waitFor(() => expect(vi.mocked(api.GET)).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
