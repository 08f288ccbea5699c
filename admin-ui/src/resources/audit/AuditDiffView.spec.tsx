import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import { dayFilter } from './audit';
import { AuditDiffView } from './AuditDiffView';

afterEach(cleanup);

const show = (diff: Parameters<typeof AuditDiffView>[0]['diff'], language: 'en' | 'fr' = 'en') =>
  render(
    <AdminContext i18nProvider={createI18nProvider(language)} queryClient={new QueryClient()}>
      <AuditDiffView diff={diff} />
    </AdminContext>,
  );

describe('the diff of an event', () => {
  it('shows each changed field with its value before and after', () => {
    show({
      changes: [
        { path: 'name', kind: 'changed', before: 'Old name', after: 'New name' },
        { path: 'colors.primary', kind: 'added', after: '#fff' },
        { path: 'steps[1]', kind: 'removed', before: { name: 'Two' } },
        { path: 'description', kind: 'changed', beforeLength: 1200, afterLength: 1500 },
      ],
      more: 3,
    });
    const table = screen.getByRole('table', { name: 'Changes' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Field', 'Before', 'After']);
    const name = within(table).getByRole('rowheader', { name: /^name/ }).closest('tr')!;
    expect(
      within(name)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Old name', 'New name']);
    const added = within(table)
      .getByRole('rowheader', { name: /colors\.primary/ })
      .closest('tr')!;
    expect(added.textContent).toContain('added');
    expect(
      within(added)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—', '#fff']);
    const removed = within(table)
      .getByRole('rowheader', { name: /steps\[1\]/ })
      .closest('tr')!;
    expect(within(removed).getAllByRole('cell')[0].textContent).toContain('"name": "Two"');
    const long = within(table)
      .getByRole('rowheader', { name: /description/ })
      .closest('tr')!;
    expect(
      within(long)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['text of 1,200 characters', 'text of 1,500 characters']);
    expect(screen.getByText('3 more changes not shown')).toBeTruthy();
  });

  it('speaks the console language', () => {
    show({ changes: [{ path: 'name', kind: 'changed', before: 'a', after: 'b' }] }, 'fr');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Champ', 'Avant', 'Après']);
  });

  it('says when there is no change, and when the event is an action without fields', () => {
    show({ changes: [] });
    expect(screen.getByText('No field changed')).toBeTruthy();
    cleanup();
    show(null);
    expect(screen.getByText('This event records an action, not a change of fields')).toBeTruthy();
  });
});

describe('the date filters', () => {
  it('send the local day as instants, "to" inclusive of its day, and read them back as the day', () => {
    const from = dayFilter.parseFrom('2030-03-10');
    const to = dayFilter.parseTo('2030-03-10');
    expect(new Date(to).getTime() - new Date(from).getTime()).toBeGreaterThanOrEqual(23 * 3600 * 1000);
    expect(dayFilter.formatFrom(from)).toBe('2030-03-10');
    expect(dayFilter.formatTo(to)).toBe('2030-03-10');
    expect(dayFilter.parseFrom('')).toBe('');
  });
});
