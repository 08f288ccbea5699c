/**
 * Data protection rules shared by the API and the applicant app: which consents are recorded,
 * when one must be asked again, and the names of the data exports (docs/privacy.md).
 */

/** What a consent record is a consent to. */
export const CONSENT_KINDS = ['data-processing', 'terms', 'self-certification', 'data-consent-text'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const isConsentKind = (value: unknown): value is ConsentKind => (CONSENT_KINDS as readonly unknown[]).includes(value);

/** The kind the user gives (again) on its own, after sign-in: the branding's data-consent text. */
export const RENEWABLE_CONSENT_KIND: ConsentKind = 'data-consent-text';

/** The organization form's consent checkboxes: the flag sent, the kind recorded, the catalog key of the text shown beside it. */
export const ORGANIZATION_CONSENTS = [
  { flag: 'personalData', kind: 'data-processing', textKey: 'pages.organizations.fields.personalData' },
  { flag: 'selfCertification', kind: 'self-certification', textKey: 'pages.organizations.fields.selfCertification' },
  { flag: 'termsOfService', kind: 'terms', textKey: 'pages.organizations.fields.termsOfService' },
] as const satisfies readonly { flag: string; kind: ConsentKind; textKey: string }[];

/** A consent already recorded, as the rules need it. */
export interface GivenConsent {
  kind: ConsentKind | string;
  textVersion: string;
  withdrawnAt: string | Date | null;
}

/** A sha256 hex digest: how a text's version is written. */
export const isTextVersion = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

/**
 * Whether the user must consent again to a text: there is one (`current`: its versions in every
 * language it is shown in), they agreed to an earlier version, and no consent of theirs still in force
 * is to a current one. A first consent is given where the text is first shown (the organization form),
 * not asked of everyone who signs in.
 */
export function isConsentPending(kind: ConsentKind, current: readonly string[], given: readonly GivenConsent[]): boolean {
  const inForce = given.filter((g) => g.kind === kind && g.withdrawnAt === null);
  return current.length > 0 && inForce.length > 0 && !inForce.some((g) => current.includes(g.textVersion));
}

/**
 * What saving the organization form changes in its consents: the kinds ticked whose version shown has
 * no record in force yet (`give`), and the kinds unticked that still have one (`withdraw`).
 */
export function consentChanges(
  ticked: Partial<Record<ConsentKind, boolean>>,
  shown: Partial<Record<ConsentKind, string>>,
  inForce: readonly GivenConsent[],
): { give: ConsentKind[]; withdraw: ConsentKind[] } {
  const give: ConsentKind[] = [];
  const withdraw: ConsentKind[] = [];
  for (const kind of CONSENT_KINDS) {
    const active = inForce.filter((g) => g.kind === kind && g.withdrawnAt === null);
    const version = shown[kind];
    if (ticked[kind] === true && version && !active.some((g) => g.textVersion === version)) give.push(kind);
    if (ticked[kind] === false && active.length > 0) withdraw.push(kind);
  }
  return { give, withdraw };
}

/** `my-data-2027-03-01.zip`, `organization-data-<name>-2027-03-01.zip`: ASCII, safe on any disk. */
export function privacyExportFileName(kind: 'me' | 'organization', date: Date, name = ''): string {
  const day = date.toISOString().slice(0, 10);
  if (kind === 'me') return `my-data-${day}.zip`;
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `organization-data-${slug ? `${slug}-` : ''}${day}.zip`;
}
