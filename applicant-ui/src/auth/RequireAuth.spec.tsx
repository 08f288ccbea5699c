import { session } from '@impact-calls/api-client';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeToken, renderWithProviders } from '../test/render';
import { RequireAuth } from './RequireAuth';

function app() {
  return (
    <Routes>
      <Route path="/" element={<p>landing</p>} />
      <Route element={<RequireAuth />}>
        <Route path="/calls" element={<p>calls</p>} />
      </Route>
    </Routes>
  );
}

describe('RequireAuth', () => {
  it('sends an anonymous visitor to /', () => {
    renderWithProviders(app(), { path: '/calls' });
    expect(screen.getByText('landing')).toBeTruthy();
    expect(screen.queryByText('calls')).toBeNull();
  });

  it('sends a visitor with an expired token to / and clears the session', () => {
    session.setTokens(fakeToken(-60), 'refresh');
    renderWithProviders(app(), { path: '/calls' });
    expect(screen.getByText('landing')).toBeTruthy();
    expect(session.getRefreshToken()).toBeUndefined();
  });

  it('shows the page to a signed-in user', () => {
    session.setTokens(fakeToken(3600), 'refresh');
    renderWithProviders(app(), { path: '/calls' });
    expect(screen.getByText('calls')).toBeTruthy();
  });
});
