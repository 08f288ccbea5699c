import { describe, expect, it } from 'vitest';
import {
  invitationExpiry,
  invitationState,
  isFoundationDate,
  isOrganizationFormComplete,
  isOrganizationRole,
  leavesNoOwner,
  maskEmail,
  ORGANIZATION_ROLES,
  organizationProblems,
  roleMayManage,
  roleMayWrite,
  userInitials,
  type OrganizationForm,
} from './organizations.js';

const complete: OrganizationForm = {
  name: 'Cooperativa Sole',
  reg_number: 'IT01234567890',
  street_name: 'Via Roma 1',
  city_name: 'Milano',
  country: 'Italy',
  contact_name: 'Maria',
  contact_surname: 'Rossi',
  contact_role: 'President',
  contact_email: 'maria@example.com',
  date_of_foundation: null,
  personalData: true,
  selfCertification: false,
  termsOfService: false,
  nordicCountry: false,
  preFunding: false,
  chnageInLife: false,
};

describe('organization form rules', () => {
  it('accepts a complete form', () => {
    expect(organizationProblems(complete)).toEqual({});
    expect(isOrganizationFormComplete(complete)).toBe(true);
  });

  it('needs every required field non-blank', () => {
    for (const field of [
      'name',
      'reg_number',
      'street_name',
      'city_name',
      'country',
      'contact_name',
      'contact_surname',
      'contact_role',
      'contact_email',
    ] as const) {
      expect(organizationProblems({ ...complete, [field]: '   ' })[field]).toBe('required');
      expect(isOrganizationFormComplete({ ...complete, [field]: '' })).toBe(false);
    }
  });

  it('needs the data-processing consent', () => {
    expect(organizationProblems({ ...complete, personalData: false })).toEqual({ personalData: 'consent' });
  });

  it('checks the e-mail, the lengths and the foundation date', () => {
    expect(organizationProblems({ ...complete, contact_email: 'not-an-email' })).toEqual({ contact_email: 'email' });
    expect(organizationProblems({ ...complete, reg_number: 'x'.repeat(51) })).toEqual({ reg_number: 'too-long' });
    expect(organizationProblems({ ...complete, date_of_foundation: '2020-02-30' })).toEqual({ date_of_foundation: 'date' });
    expect(organizationProblems({ ...complete, date_of_foundation: '1999-12-31' })).toEqual({});
  });

  it('refuses a foundation date in the future', () => {
    const today = new Date(Date.UTC(2030, 0, 1));
    expect(isFoundationDate('2030-01-01', today)).toBe(true);
    expect(isFoundationDate('2030-01-02', today)).toBe(false);
  });
});

describe('userInitials', () => {
  it('takes the first letters of the names, else of the e-mail', () => {
    expect(userInitials({ firstName: 'maria', lastName: 'Rossi' })).toBe('MR');
    expect(userInitials({ firstName: '', lastName: '', email: 'zoe@example.org' })).toBe('Z');
    expect(userInitials({})).toBe('?');
  });
});

describe('organization teams', () => {
  it('maps roles to what they may do', () => {
    expect(ORGANIZATION_ROLES.map((r) => [r, roleMayWrite(r), roleMayManage(r)])).toEqual([
      ['owner', true, true],
      ['editor', true, false],
      ['viewer', false, false],
    ]);
    expect(roleMayWrite(undefined)).toBe(false);
    expect(roleMayWrite('admin')).toBe(false);
    expect(isOrganizationRole('editor')).toBe(true);
    expect(isOrganizationRole('Owner')).toBe(false);
  });

  it('tells an invitation state, single use winning over expiry', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const expiresAt = invitationExpiry(new Date('2026-03-05T12:00:00Z'));
    expect(expiresAt.toISOString()).toBe('2026-03-12T12:00:00.000Z');
    expect(invitationState({ expiresAt }, now)).toBe('pending');
    expect(invitationState({ expiresAt: '2026-03-10T12:00:00Z' }, now)).toBe('expired');
    expect(invitationState({ expiresAt: '2026-03-01T00:00:00Z', acceptedAt: now }, now)).toBe('used');
    expect(invitationState({ expiresAt, revokedAt: now }, now)).toBe('revoked');
  });

  it('masks an address to its first letter and domain', () => {
    expect(maskEmail('maria.rossi@example.org')).toBe('m***@example.org');
    expect(maskEmail('nobody')).toBe('***');
  });

  it('keeps at least one owner', () => {
    const roles = new Map([
      ['a', 'owner'],
      ['b', 'editor'],
    ]);
    expect(leavesNoOwner(roles, 'a', 'viewer')).toBe(true);
    expect(leavesNoOwner(roles, 'a', null)).toBe(true);
    expect(leavesNoOwner(roles, 'a', 'owner')).toBe(false);
    expect(leavesNoOwner(roles, 'b', null)).toBe(false);
    expect(leavesNoOwner(new Map([...roles, ['c', 'owner']]), 'a', null)).toBe(false);
  });
});
