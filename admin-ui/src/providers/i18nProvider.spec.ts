import { describe, expect, it } from 'vitest';
import { createI18nProvider, hasMessage, toPolyglot } from './i18nProvider';

describe('i18nProvider', () => {
  it('turns {{var}} into Polyglot %{var}', () => {
    expect(toPolyglot({ a: 'Logo di {{name}}', b: { c: '{{ n }} x' } })).toEqual({ a: 'Logo di %{name}', b: { c: '%{n} x' } });
  });

  it('translates our keys and react-admin keys in Italian, with variables', () => {
    const i18n = createI18nProvider('it');
    expect(i18n.translate('pages.admin.config-saved')).toBe('Configurazione salvata');
    expect(i18n.translate('app.logo-alt', { name: 'Bandi' })).toBe('Logo di Bandi');
    expect(i18n.translate('ra.action.save')).toBe('Salva');
    expect(i18n.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 10, total: 30 })).toBe('1-10 di 30');
    expect(i18n.translate('ra.notification.updated', { smart_count: 2 })).toBe('2 elementi aggiornati');
  });

  it('falls back to the given default for unknown keys', () => {
    expect(createI18nProvider('en').translate('no.such.key', { _: 'Server said no' })).toBe('Server said no');
  });

  it('switches language, with react-admin messages in that language', async () => {
    const i18n = createI18nProvider('it');
    await i18n.changeLocale('fr');
    expect(i18n.getLocale()).toBe('fr');
    expect(i18n.translate('ra.action.save')).toBe('Enregistrer');
    expect(i18n.translate('app.logo-alt', { name: 'Appels' })).not.toBe('app.logo-alt');
    await i18n.changeLocale('en');
    expect(i18n.translate('ra.action.save')).toBe('Save');
  });

  it('knows which keys the catalogs define', () => {
    expect(hasMessage('pages.admin.config-saved')).toBe(true);
    expect(hasMessage('pages.admin')).toBe(false);
    expect(hasMessage('no.such.key')).toBe(false);
  });
});
