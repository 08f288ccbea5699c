import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config/useConfig';
import { renderWithProviders } from '../test/render';
import { TopBar } from './TopBar';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function config(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    id: 'c1',
    name: 'Bandi Verdi',
    description: '',
    message: '',
    domain: '',
    defaultLanguage: 'it',
    language: 'it',
    languageSelection: false,
    organizationSelection: true,
    logoBase64: null,
    logoWidth: 50,
    logoHeight: 50,
    listName: '',
    landingHtml: '',
    dataConsentText: '',
    reportPowerBiId: null,
    workspacePowerBiId: null,
    isActive: true,
    version: 1,
    ...overrides,
  };
}

describe('TopBar', () => {
  it('shows the configured logo at the configured size', () => {
    renderWithProviders(<TopBar config={config({ logoBase64: PNG, logoWidth: 120, logoHeight: 40 })} />);
    const img = screen.getByRole('img', { name: 'Bandi Verdi logo' });
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('src')).toBe(PNG);
    expect(img.getAttribute('width')).toBe('120');
    expect(img.getAttribute('height')).toBe('40');
    expect(screen.queryByTestId('default-logo')).toBeNull();
  });

  it('falls back to the default logo when none is configured', () => {
    renderWithProviders(<TopBar config={config({ logoWidth: 40, logoHeight: 30 })} />);
    const logo = screen.getByTestId('default-logo');
    expect(logo.tagName.toLowerCase()).toBe('svg');
    expect(logo.getAttribute('aria-label')).toBe('Bandi Verdi logo');
    expect(logo.getAttribute('width')).toBe('40');
    expect(logo.getAttribute('height')).toBe('30');
    expect(screen.getByText('Bandi Verdi')).toBeTruthy();
  });

  it('falls back to the default logo and product name before the configuration loads', () => {
    renderWithProviders(<TopBar config={undefined} />);
    expect(screen.getByTestId('default-logo').getAttribute('width')).toBe('50');
    expect(screen.getByText('Impact Calls')).toBeTruthy();
  });

  it('shows the language selector only when the configuration enables it', () => {
    const { unmount } = renderWithProviders(<TopBar config={config({ languageSelection: false })} />);
    expect(screen.queryByRole('button', { name: /Language:/ })).toBeNull();
    unmount();
    renderWithProviders(<TopBar config={config({ languageSelection: true })} />);
    expect(screen.getByRole('button', { name: 'EN – Language: English' })).toBeTruthy();
  });

  it('offers Login and Register to an anonymous visitor', () => {
    renderWithProviders(<TopBar config={config()} />);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });
});
