/**
 * Rules of organizations shared by the API and the applicant app (spec sections 3 and 5):
 * the fields with their JSON names, which are required, their lengths, and the
 * data-processing consent. The API enforces them; the forms use them to disable Submit.
 */

import { isEmailAddress } from './email.js';

/** Text fields of an organization, with the JSON names of the public contract. */
export const ORGANIZATION_TEXT_FIELDS = [
  'name',
  'reg_number',
  'street_name',
  'city_name',
  'country',
  'contact_name',
  'contact_surname',
  'contact_role',
  'contact_email',
] as const;
export type OrganizationTextField = (typeof ORGANIZATION_TEXT_FIELDS)[number];

/** Every text field is required (non-blank) at registration and edit (spec section 5). */
export const ORGANIZATION_REQUIRED_FIELDS: readonly OrganizationTextField[] = ORGANIZATION_TEXT_FIELDS;

/** Maximum lengths, the same as the database columns. */
export const ORGANIZATION_MAX_LENGTHS: Record<OrganizationTextField, number> = {
  name: 300,
  reg_number: 50,
  street_name: 300,
  city_name: 200,
  country: 100,
  contact_name: 200,
  contact_surname: 200,
  contact_role: 200,
  contact_email: 320,
};

/** Consent and declaration flags (spelling of `chnageInLife` kept from the contract). */
export const ORGANIZATION_FLAGS = [
  'personalData',
  'selfCertification',
  'termsOfService',
  'nordicCountry',
  'preFunding',
  'chnageInLife',
] as const;
export type OrganizationFlag = (typeof ORGANIZATION_FLAGS)[number];

/** The data-processing consent without which nothing is saved. */
export const ORGANIZATION_CONSENT_FLAG: OrganizationFlag = 'personalData';

export type OrganizationForm = Record<OrganizationTextField, string> &
  Record<OrganizationFlag, boolean> & {
    /** YYYY-MM-DD, optional. */
    date_of_foundation: string | null;
  };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date (YYYY-MM-DD) not after `today`. */
export function isFoundationDate(value: string, today: Date = new Date()): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.getUTCFullYear() !== Number(m[1]) || date.getUTCMonth() !== Number(m[2]) - 1 || date.getUTCDate() !== Number(m[3])) return false;
  return date.getTime() <= today.getTime();
}

export type OrganizationProblem = 'required' | 'too-long' | 'email' | 'date' | 'consent';

/**
 * What is wrong with an organization form, field by field (empty when it can be saved):
 * every text field non-blank and within its length, a valid contact e-mail, a real
 * foundation date when given, and the data-processing consent ticked.
 */
export function organizationProblems(
  form: Partial<OrganizationForm>,
  today: Date = new Date(),
): Partial<Record<keyof OrganizationForm, OrganizationProblem>> {
  const problems: Partial<Record<keyof OrganizationForm, OrganizationProblem>> = {};
  for (const field of ORGANIZATION_TEXT_FIELDS) {
    const value = (form[field] ?? '').trim();
    if (ORGANIZATION_REQUIRED_FIELDS.includes(field) && value === '') problems[field] = 'required';
    else if (value.length > ORGANIZATION_MAX_LENGTHS[field]) problems[field] = 'too-long';
  }
  if (!problems.contact_email && !isEmailAddress(form.contact_email ?? '')) problems.contact_email = 'email';
  if (form.date_of_foundation && !isFoundationDate(form.date_of_foundation, today)) problems.date_of_foundation = 'date';
  if (form[ORGANIZATION_CONSENT_FLAG] !== true) problems[ORGANIZATION_CONSENT_FLAG] = 'consent';
  return problems;
}

/** Submit/Update are enabled only when nothing is wrong (spec section 5). */
export function isOrganizationFormComplete(form: Partial<OrganizationForm>, today: Date = new Date()): boolean {
  return Object.keys(organizationProblems(form, today)).length === 0;
}

/** Initials for the user menu: first letters of first and last name, else of the e-mail. */
export function userInitials(user: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  const letters = [user.firstName, user.lastName]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .map((s) => [...s][0]!.toUpperCase())
    .join('');
  if (letters) return letters;
  const email = (user.email ?? '').trim();
  return email ? [...email][0]!.toUpperCase() : '?';
}

/** The roles of an organization's members: owner (everything), editor (fills and submits applications), viewer (reads). */
export const ORGANIZATION_ROLES = ['owner', 'editor', 'viewer'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export function isOrganizationRole(value: unknown): value is OrganizationRole {
  return typeof value === 'string' && (ORGANIZATION_ROLES as readonly string[]).includes(value);
}

/** Whether a member of this role writes for the organization (applications, files); unknown roles do not. */
export function roleMayWrite(role: string | null | undefined): boolean {
  return role === 'owner' || role === 'editor';
}

/** Whether a member of this role manages the organization itself, its members and invitations. */
export function roleMayManage(role: string | null | undefined): boolean {
  return role === 'owner';
}

/** How long an invitation to an organization stays valid, from its sending (or its last resending). */
export const INVITATION_VALID_DAYS = 7;

export function invitationExpiry(from: Date = new Date()): Date {
  return new Date(from.getTime() + INVITATION_VALID_DAYS * 24 * 3600 * 1000);
}

export type InvitationState = 'pending' | 'expired' | 'used' | 'revoked';

/** An invitation's state: used and revoked win over expired (single use); pending until it expires. */
export function invitationState(
  i: { acceptedAt?: Date | string | null; revokedAt?: Date | string | null; expiresAt: Date | string },
  now: Date = new Date(),
): InvitationState {
  if (i.acceptedAt) return 'used';
  if (i.revokedAt) return 'revoked';
  return new Date(i.expiresAt).getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** An address shown to someone it may not belong to: its first letter and its domain (`m***@example.org`). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${[...email][0]}***${email.slice(at)}`;
}

/**
 * Whether changing one member's role (`to`; null: removed or leaving) leaves the organization without an owner:
 * it always keeps one. `roles` are every member's role, by user id.
 */
export function leavesNoOwner(roles: ReadonlyMap<string, string>, userId: string, to: string | null): boolean {
  if (roles.get(userId) !== 'owner' || to === 'owner') return false;
  return ![...roles].some(([id, role]) => id !== userId && role === 'owner');
}
