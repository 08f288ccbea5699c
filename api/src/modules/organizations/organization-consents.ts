import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/access.decorator.js';

/**
 * The seam for the consents given with the organization form: the privacy module provides it (a global
 * provider), so this module records them in its own transaction without importing privacy (no folder cycle).
 */
export const ORGANIZATION_CONSENT_RECORDER = 'ORGANIZATION_CONSENT_RECORDER';

/** The organization's consent flags as just saved. */
export interface OrganizationConsentSource {
  id: string;
  personalData: boolean;
  selfCertification: boolean;
  termsOfService: boolean;
}

export interface OrganizationConsentRecorder {
  /** Records the consents ticked (and withdraws those unticked) on the caller's transaction. */
  recordOrganizationConsents(m: EntityManager, user: AuthUser, organization: OrganizationConsentSource): Promise<void>;
}
