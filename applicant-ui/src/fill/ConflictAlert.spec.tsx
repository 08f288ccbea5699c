import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConflictAlert } from './ConflictAlert';

afterEach(() => vi.useRealTimers());

describe('the conflict of a stale save', () => {
  it('names the member and how long ago, in the user language, with Reload and Keep mine', () => {
    vi.useFakeTimers({ now: new Date('2030-05-10T12:03:00Z'), toFake: ['Date'] });
    const reload = vi.fn();
    const keep = vi.fn();
    const conflict = { changedBy: 'Ada Lovelace', changedAt: '2030-05-10T12:00:00Z' };
    const { unmount } = renderWithProviders(<ConflictAlert conflict={conflict} onReload={reload} onKeepMine={keep} />);
    expect(screen.getByTestId('save-conflict').textContent).toContain(
      'Changed by Ada Lovelace 3 minutes ago: reload theirs, or keep yours.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(keep).toHaveBeenCalledTimes(1);
    unmount();
    renderWithProviders(<ConflictAlert conflict={conflict} onReload={reload} onKeepMine={keep} />, { language: 'it' });
    expect(screen.getByTestId('save-conflict').textContent).toContain('Modificate da Ada Lovelace 3 minuti fa');
  });

  it('says "changed elsewhere" when the member is not known', () => {
    renderWithProviders(<ConflictAlert conflict={undefined} onReload={vi.fn()} onKeepMine={vi.fn()} />);
    expect(screen.getByTestId('save-conflict').textContent).toContain('These answers were changed elsewhere: reload them, or keep yours.');
  });
});
