import { translate } from '@impact-calls/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportEmbed } from './ReportEmbed';

const t = (key: string, vars?: Record<string, string | number>) => translate('en', key, vars);

describe('ReportEmbed', () => {
  it('says the report is loading (pages.admin.pbi.loading)', () => {
    render(<ReportEmbed data={undefined} loading error={undefined} t={t} />);
    expect(screen.getByRole('status').textContent).toContain('Loading the report');
  });

  it('shows the error in place of the report', () => {
    render(<ReportEmbed data={undefined} loading={false} error="The report could not be loaded." t={t} />);
    expect(screen.getByRole('alert').textContent).toBe('The report could not be loaded.');
    expect(screen.queryByTestId('pbi-embed')).toBeNull();
  });

  it('shows nothing when there is no embed report (spec section 2)', () => {
    const { container } = render(
      <ReportEmbed
        data={{ embedReport: { reportId: '', embedUrl: '' }, embedToken: { token: '' }, showFilters: false }}
        loading={false}
        error={undefined}
        t={t}
      />,
    );
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the fullscreen button and the embed container for a report', () => {
    render(
      <ReportEmbed
        data={{
          embedReport: { reportId: 'r', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r' },
          embedToken: { token: 't' },
          showFilters: false,
        }}
        loading={false}
        error={undefined}
        t={t}
      />,
    );
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();
    expect(screen.getByTestId('pbi-embed')).toBeTruthy();
  });
});
