import { describe, expect, it } from 'vitest';
import { consentChanges, isConsentKind, isConsentPending, isTextVersion, privacyExportFileName } from './privacy.js';

const v1 = 'a'.repeat(64);
const v2 = 'b'.repeat(64);

describe('consents', () => {
  it('knows its kinds and versions', () => {
    expect(isConsentKind('terms')).toBe(true);
    expect(isConsentKind('marketing')).toBe(false);
    expect(isTextVersion(v1)).toBe(true);
    expect(isTextVersion('A'.repeat(64))).toBe(false);
    expect(isTextVersion('abc')).toBe(false);
  });

  it('is pending when the consents in force are all to earlier versions', () => {
    expect(isConsentPending('data-consent-text', [], [])).toBe(false);
    // Never agreed: asked where the text is first shown, not at sign-in.
    expect(isConsentPending('data-consent-text', [v1], [])).toBe(false);
    expect(isConsentPending('data-consent-text', [v1], [{ kind: 'data-consent-text', textVersion: v1, withdrawnAt: null }])).toBe(false);
    // The text changed: the old consent does not cover the new one.
    expect(isConsentPending('data-consent-text', [v2], [{ kind: 'data-consent-text', textVersion: v1, withdrawnAt: null }])).toBe(true);
    // A consent to the same text in another language covers it.
    expect(isConsentPending('data-consent-text', [v1, v2], [{ kind: 'data-consent-text', textVersion: v2, withdrawnAt: null }])).toBe(
      false,
    );
    // Withdrawn, or of another kind: no consent of this kind in force to renew.
    expect(isConsentPending('data-consent-text', [v1], [{ kind: 'data-consent-text', textVersion: v1, withdrawnAt: new Date() }])).toBe(
      false,
    );
    expect(isConsentPending('data-consent-text', [v1], [{ kind: 'terms', textVersion: v1, withdrawnAt: null }])).toBe(false);
  });

  it('records what is newly ticked and withdraws what is unticked', () => {
    const inForce = [
      { kind: 'data-processing', textVersion: v1, withdrawnAt: null },
      { kind: 'terms', textVersion: v1, withdrawnAt: null },
    ];
    expect(
      consentChanges(
        { 'data-processing': true, terms: false, 'self-certification': true },
        { 'data-processing': v1, terms: v1, 'self-certification': v1 },
        inForce,
      ),
    ).toEqual({ give: ['self-certification'], withdraw: ['terms'] });
    // The same box ticked under another text is a new consent.
    expect(consentChanges({ 'data-processing': true }, { 'data-processing': v2 }, inForce)).toEqual({
      give: ['data-processing'],
      withdraw: [],
    });
    // Not on the form: left as it is.
    expect(consentChanges({}, {}, inForce)).toEqual({ give: [], withdraw: [] });
  });
});

describe('export file names', () => {
  it('are ASCII and dated', () => {
    const d = new Date('2027-03-01T10:00:00Z');
    expect(privacyExportFileName('me', d)).toBe('my-data-2027-03-01.zip');
    expect(privacyExportFileName('organization', d, 'Coopérativa «Sole» & Luna')).toBe(
      'organization-data-cooperativa-sole-luna-2027-03-01.zip',
    );
    expect(privacyExportFileName('organization', d, '***')).toBe('organization-data-2027-03-01.zip');
  });
});
