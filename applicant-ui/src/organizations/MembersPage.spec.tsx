import { session } from '@impact-calls/api-client';
import { formatDateTimeWithZone } from '@impact-calls/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { fakeToken, renderWithProviders } from '../test/render';
import MembersPage from './MembersPage';

vi.mock('../api/client', () => ({ api: { GET: vi.fn(), POST: vi.fn(), PUT: vi.fn(), DELETE: vi.fn() } }));
const GET = vi.mocked(api.GET);
const POST = vi.mocked(api.POST);
const PUT = vi.mocked(api.PUT);
const DELETE = vi.mocked(api.DELETE);

const ok = (data: unknown, status = 200) => ({ data, error: undefined, response: new Response(null, { status }) }) as never;
const refused = (status: number, body: object) => ({ data: undefined, error: body, response: new Response(null, { status }) }) as never;

const ORG = 'org-1';
const ada = { userId: 'u-ada', email: 'ada@coop.test', firstName: 'Ada', lastName: 'Lovelace', joinedAt: '2030-01-10T09:00:00Z' };
const bob = { userId: 'u-bob', email: 'bob@coop.test', firstName: '', lastName: '', joinedAt: '2030-02-01T09:00:00Z' };
const invitation = {
  id: 'inv-1',
  email: 'carla@coop.test',
  role: 'viewer',
  language: 'it',
  invitedByName: 'Ada Lovelace',
  createdAt: '2030-03-01T09:00:00Z',
  expiresAt: '2030-03-08T09:00:00Z',
  state: 'pending',
};

/** The API as a member of `role` sees it (Ada is `role`, Bob an editor). */
function serve(role: 'owner' | 'editor' | 'viewer') {
  GET.mockImplementation((async (path: string) => {
    if (path === '/api/Organization/GetOrganizations') return ok([{ id: ORG, name: 'Cooperativa Sole', role }]);
    if (path === '/api/organizations/{organizationId}/members')
      return ok([
        { ...ada, role, isMe: true },
        { ...bob, role: 'editor', isMe: false },
      ]);
    if (path === '/api/organizations/{organizationId}/invitations')
      return ok([invitation, { ...invitation, id: 'inv-2', email: 'dan@coop.test', state: 'expired' }]);
    throw new Error(`unexpected GET ${path}`);
  }) as never);
}

const render = () =>
  renderWithProviders(
    <Routes>
      <Route path="/org/members/:organizationId" element={<MembersPage />} />
      <Route path="/org/list" element={<p>organization list</p>} />
    </Routes>,
    { path: `/org/members/${ORG}` },
  );

beforeEach(() => {
  session.setTokens(fakeToken(3600), 'refresh');
  session.setOrganizationId(ORG);
});
afterEach(() => {
  session.clear();
  vi.resetAllMocks();
});

describe('the members screen', () => {
  it('lets an owner change roles, remove members, and see, resend and withdraw invitations', async () => {
    serve('owner');
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Members of Cooperativa Sole' })).toBeTruthy();
    const rows = await screen.findAllByTestId('member');
    expect(within(rows[0]).getByText('Ada Lovelace (you)')).toBeTruthy();
    // A member without a name is shown by e-mail.
    expect(within(rows[1]).getByText('bob@coop.test')).toBeTruthy();

    // Roles: a labelled select per member; no "remove" for myself.
    const bobRole = screen.getByLabelText('Role of bob@coop.test') as HTMLSelectElement;
    expect(bobRole.value).toBe('editor');
    expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace' })).toBeNull();
    PUT.mockResolvedValueOnce(ok({ ...bob, role: 'viewer', isMe: false }));
    const ue = userEvent.setup();
    await ue.selectOptions(bobRole, 'viewer');
    await waitFor(() => expect(PUT).toHaveBeenCalledTimes(1));
    expect(PUT.mock.calls[0][1]).toMatchObject({ params: { path: { organizationId: ORG, userId: 'u-bob' } }, body: { role: 'viewer' } });

    // Invitations, with their expiry in the user's locale and time zone.
    const invitations = await screen.findAllByTestId('invitation');
    expect(invitations).toHaveLength(2);
    expect(within(invitations[0]).getByText(new RegExp(`Valid until ${formatDateTimeWithZone(invitation.expiresAt, 'en')}`))).toBeTruthy();
    expect(within(invitations[1]).getByText('Expired')).toBeTruthy();
    POST.mockResolvedValueOnce(ok(invitation));
    await ue.click(screen.getByRole('button', { name: 'Send the invitation to carla@coop.test again' }));
    await waitFor(() =>
      expect(POST).toHaveBeenCalledWith('/api/organizations/{organizationId}/invitations/{invitationId}/resend', expect.anything()),
    );

    // Withdrawing asks first.
    DELETE.mockResolvedValueOnce(ok(undefined, 204));
    await ue.click(screen.getByRole('button', { name: 'Withdraw the invitation to dan@coop.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the invitation?' });
    await ue.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(DELETE).toHaveBeenCalledWith('/api/organizations/{organizationId}/invitations/{invitationId}', {
        params: { path: { organizationId: ORG, invitationId: 'inv-2' } },
      }),
    );
  }, 30_000);

  it('shows the text of a refusal: the last owner cannot step down', async () => {
    serve('owner');
    render();
    const mine = (await screen.findByLabelText('Role of Ada Lovelace')) as HTMLSelectElement;
    PUT.mockResolvedValueOnce(refused(409, { statusCode: 409, key: 'errors.team.last-owner', message: 'last owner' }));
    await userEvent.setup().selectOptions(mine, 'editor');
    expect((await screen.findByRole('alert')).textContent).toContain('An organization always keeps at least one owner');
  });

  it('invites by e-mail, in a role, with the e-mail in the interface language by default', async () => {
    serve('owner');
    render();
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    expect((within(dialog).getByLabelText('Language of the e-mail') as HTMLSelectElement).value).toBe('en');
    await ue.type(within(dialog).getByLabelText(/E-mail address/), 'not-an-address');
    await ue.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(within(dialog).getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(POST).not.toHaveBeenCalled();

    await ue.clear(within(dialog).getByLabelText(/E-mail address/));
    await ue.type(within(dialog).getByLabelText(/E-mail address/), 'eve@coop.test');
    await ue.selectOptions(within(dialog).getByLabelText('Role'), 'viewer');
    await ue.selectOptions(within(dialog).getByLabelText('Language of the e-mail'), 'fr');
    POST.mockResolvedValueOnce(refused(409, { statusCode: 409, key: 'errors.team.already-invited', message: 'invited' }));
    await ue.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already has a pending invitation');
    expect(POST.mock.calls[0][1]).toMatchObject({ body: { email: 'eve@coop.test', role: 'viewer', language: 'fr' } });
  }, 30_000);

  it('shows a viewer the list read-only, and lets them leave after confirming', async () => {
    serve('viewer');
    render();
    const rows = await screen.findAllByTestId('member');
    expect(within(rows[0]).getByText('Viewer')).toBeTruthy();
    expect(within(rows[1]).getByText('Editor')).toBeTruthy();
    expect(screen.getByText(/As a viewer you can read the organization's applications/)).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite a member' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Invitations' })).toBeNull();
    expect(GET).not.toHaveBeenCalledWith('/api/organizations/{organizationId}/invitations', expect.anything());

    DELETE.mockResolvedValueOnce(ok(undefined, 204));
    const ue = userEvent.setup();
    await ue.click(screen.getByRole('button', { name: 'Leave the organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Cooperativa Sole?' });
    await ue.click(within(dialog).getByRole('button', { name: 'Leave the organization' }));
    expect(await screen.findByText('organization list')).toBeTruthy();
    expect(DELETE).toHaveBeenCalledWith('/api/organizations/{organizationId}/members/{userId}', {
      params: { path: { organizationId: ORG, userId: 'u-ada' } },
    });
    // No longer acting for an organization left.
    expect(session.getOrganizationId()).toBeUndefined();
  }, 30_000);

  it('says so when the organization is not one of the user’s', async () => {
    GET.mockImplementation((async (path: string) =>
      path === '/api/Organization/GetOrganizations'
        ? ok([])
        : refused(404, { statusCode: 404, key: 'errors.organization-not-found', message: 'Not found' })) as never);
    render();
    expect(await screen.findByText('This organization was not found, or you are not one of its members.')).toBeTruthy();
  });
});
