import { session } from '@impact-calls/api-client';
import { formatDateTimeWithZone } from '@impact-calls/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { fakeToken, renderWithProviders } from '../test/render';
import InvitationPage from './InvitationPage';
import { pendingInvitation } from './pendingInvitation';
import { ResumeInvitation } from './ResumeInvitation';

vi.mock('../api/client', () => ({ api: { GET: vi.fn(), POST: vi.fn() } }));
const GET = vi.mocked(api.GET);
const POST = vi.mocked(api.POST);

const ok = (data: unknown) => ({ data, error: undefined, response: new Response(null, { status: 200 }) }) as never;
const refused = (status: number, body: object) => ({ data: undefined, error: body, response: new Response(null, { status }) }) as never;

const preview = {
  organizationName: 'Cooperativa Sole',
  role: 'editor',
  invitedByName: 'Ada Lovelace',
  email: 'bob@coop.test',
  expiresAt: '2030-03-08T09:00:00Z',
  state: 'pending',
  forMe: true,
};

function app(path = '/invitation/tok-1') {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<p>home</p>} />
      <Route path="/invitation/:token" element={<InvitationPage />} />
      <Route element={<ResumeInvitation />}>
        <Route path="/calls" element={<p>calls</p>} />
      </Route>
    </Routes>,
    { path },
  );
}

const answer = (invitation: object) =>
  GET.mockImplementation((async (path: string) => (path === '/api/invitations/{token}' ? ok(invitation) : ok([]))) as never);

beforeEach(() => {
  localStorage.clear();
  session.setTokens(fakeToken(3600), 'refresh');
});
afterEach(() => {
  session.clear();
  vi.resetAllMocks();
});

describe('the invitation page', () => {
  it('shows who invites whom where, in which role, until when; joining selects the organization and opens the calls', async () => {
    answer(preview);
    POST.mockResolvedValueOnce(ok({ organizationId: 'org-9', role: 'editor' }));
    app();
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Cooperativa Sole' })).toBeTruthy();
    expect(screen.getByText('Ada Lovelace invited you to join Cooperativa Sole as Editor.')).toBeTruthy();
    expect(screen.getByText(`Valid until ${formatDateTimeWithZone(preview.expiresAt, 'en')}`)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Join Cooperativa Sole' }));
    expect(await screen.findByText('calls')).toBeTruthy();
    expect(POST).toHaveBeenCalledWith('/api/invitations/{token}/accept', { params: { path: { token: 'tok-1' } } });
    expect(session.getOrganizationId()).toBe('org-9');
  });

  it.each([
    ['expired', 'This invitation has expired: ask for a new one'],
    ['used', 'This invitation has already been used'],
    ['revoked', 'This invitation was withdrawn'],
  ])('says why a %s invitation cannot be used, with a way home', async (state, text) => {
    answer({ ...preview, state });
    app();
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByText('home')).toBeTruthy();
  });

  it('tells a user signed in with another address which one it is for (masked), and an unknown link that it is unknown', async () => {
    answer({ ...preview, email: 'b***@coop.test', forMe: false });
    const { unmount } = app();
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation is for b***@coop.test: sign in with that address');
    unmount();
    GET.mockResolvedValue(refused(404, { statusCode: 404, key: 'errors.team.invitation-not-found', message: 'Not found' }));
    app('/invitation/nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Invitation not found');
  });

  it('shows a refusal of the join (expired meanwhile) and stays', async () => {
    answer(preview);
    POST.mockResolvedValueOnce(refused(409, { statusCode: 409, key: 'errors.team.invitation-expired', message: 'expired' }));
    app();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join Cooperativa Sole' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation has expired: ask for a new one');
    expect(session.getOrganizationId()).toBeUndefined();
  });

  it('asks a visitor to sign in first, and brings them back to the invitation once signed in', async () => {
    session.clear();
    const { unmount } = app();
    expect(await screen.findByRole('heading', { level: 1, name: 'You were invited to join an organization' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(GET).not.toHaveBeenCalledWith('/api/invitations/{token}', expect.anything());
    expect(pendingInvitation()).toBe('tok-1');
    unmount();

    // Signed in, the provider sends them to /calls: from there back to the invitation, which is then forgotten.
    session.setTokens(fakeToken(3600), 'refresh');
    answer(preview);
    app('/calls');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Cooperativa Sole' })).toBeTruthy();
    await waitFor(() => expect(pendingInvitation()).toBeUndefined());
  });
});
