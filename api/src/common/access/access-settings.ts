/** What the access policy reads of the settings: common/ does not import config/, so the auth module provides it. */
export interface AccessSettings {
  /** CUSTOMIZE_EMAIL_DOMAIN: the customizing company's administrators may change the branding (branding.customize). */
  customizeEmailDomain: string | null | undefined;
}

export const ACCESS_SETTINGS = Symbol('AccessSettings');
