/** Limits and constants of the spec (section 9), in one place for the API and both UIs. */
export const EMPTY_ID = '00000000-0000-0000-0000-000000000000';
export const LANGUAGES = ['it', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
export const DEFAULT_LANGUAGE: Language = 'it';

export const TOKEN_LIFETIME_DAYS = 30;
export const SIDE_PANEL_WIDTH = 300;
export const CONTENT_MAX_WIDTH = '90rem';
export const HOVER_MENU_OPEN_DELAY_MS = 100;
export const HOVER_MENU_CLOSE_DELAY_MS = 400;

export const UPLOAD_DESCRIPTION_MAX = 1024;
/** The media type of an .xlsx workbook: uploads, downloads and their OpenAPI descriptions. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ADMIN_DROP_ZONE_MAX_BYTES = 3 * 1024 * 1024;

export const MINIDYI_DEFAULT_MAX_OUTCOMES = 4;
export const MINIDYI_DEFAULT_MAX_SDGS = 4;
export const MINIDYI_MAX_CUSTOM_OUTCOMES = 3;
export const MINIDYI_CUSTOM_KEY_LENGTH = 12;
export const SDG_COUNT = 17;
export const SROI_WARNING_THRESHOLD = 8;
export const IMPACT_YEARS = 3;

export const REGISTRATION_NOT_VERIFIED = 'AuthenticatedRegistrationNotVerified';

export function isEmptyId(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === EMPTY_ID;
}
