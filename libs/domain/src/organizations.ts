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
