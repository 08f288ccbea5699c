import { describe, expect, it } from 'vitest';
import { isInEmailDomain } from './email.js';

describe('isInEmailDomain', () => {
  it('matches the domain whatever the case of the address or of the setting', () => {
    expect(isInEmailDomain('brand@example.org', 'example.org')).toBe(true);
    expect(isInEmailDomain('Brand@EXAMPLE.ORG', 'example.org')).toBe(true);
    expect(isInEmailDomain('brand@example.org', 'Example.Org')).toBe(true);
  });

  it('wants the whole domain after the @, and a domain at all', () => {
    expect(isInEmailDomain('brand@notexample.org', 'example.org')).toBe(false);
    expect(isInEmailDomain('brand@example.org.evil.test', 'example.org')).toBe(false);
    expect(isInEmailDomain('brand@example.org', undefined)).toBe(false);
    expect(isInEmailDomain('brand@example.org', '')).toBe(false);
  });
});
