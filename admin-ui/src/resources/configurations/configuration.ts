import type { Schemas } from '@impact-calls/api-client';

export type Configuration = Schemas['ConfigAdminDto'];
export type UpsertConfiguration = Schemas['UpsertConfigDto'];

/** Largest logo the API accepts (decoded bytes); checked here too for a quick message. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Values of a new configuration. */
export const NEW_CONFIGURATION: Partial<Configuration> = {
  defaultLanguage: 'it',
  languageSelection: true,
  organizationSelection: true,
  logoWidth: 50,
  logoHeight: 50,
  logoBase64: null,
};

/** The plain texts are the default language's: the form edits every language in `texts` instead. */
const EDITABLE = [
  'name',
  'description',
  'domain',
  'defaultLanguage',
  'languageSelection',
  'organizationSelection',
  'logoBase64',
  'logoWidth',
  'logoHeight',
  'texts',
  'reportPowerBiId',
  'workspacePowerBiId',
] as const satisfies readonly (keyof UpsertConfiguration)[];

/**
 * The form's record as the API's UpsertConfigDto: only the editable fields (the API refuses
 * unknown ones such as isActive or updatedAt), the version for updates, numbers as numbers.
 */
export function toUpsertConfiguration(data: Partial<Configuration>, { update }: { update: boolean }): UpsertConfiguration {
  const out: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    const value = data[key];
    if (value !== undefined) out[key] = value;
  }
  for (const key of ['logoWidth', 'logoHeight'] as const) {
    if (out[key] === null || out[key] === '') delete out[key];
    else if (out[key] !== undefined) out[key] = Number(out[key]);
  }
  if (update && data.version !== undefined) out.version = data.version;
  return out as UpsertConfiguration;
}
