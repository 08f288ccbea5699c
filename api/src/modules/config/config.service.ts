import { Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import type { EntityManager } from 'typeorm';
import { EMPTY_ID, isEmptyId } from '../../common/ids.js';
import { jsonDocument, type JsonDocument } from '../../common/http/send-json.js';
import { badRequest, conflict, notFound } from '../../common/http/app-error.js';
import { cleanRichHtml } from '../../common/html/safe-html.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@impact-calls/domain';
import { CONFIG_TEXT_FIELDS, ConfigurationEntity, type ConfigTextField, type ConfigTexts } from './configuration.entity.js';
import { ConfigurationRepository } from './configuration.repository.js';
import {
  LOGO_MAX_BYTES,
  type ConfigAdminDto,
  type ConfigDto,
  type ConfigTextsByLanguageDto,
  type UpsertConfigDto,
} from './dto/config.dto.js';

const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** What GetConfig answers before any configuration exists. */
const BUILT_IN: Omit<ConfigDto, 'id' | 'language'> = {
  name: 'Impact Calls',
  description: '',
  message: '',
  domain: '',
  defaultLanguage: 'it',
  languageSelection: true,
  organizationSelection: true,
  logoBase64: null,
  logoWidth: 50,
  logoHeight: 50,
  listName: '',
  landingHtml: '',
  dataConsentText: '',
  reportPowerBiId: null,
  workspacePowerBiId: null,
  isActive: false,
  version: 0,
};

/** The configuration's default language (Italian when it names none we know). */
const defaultOf = (c: Pick<ConfigurationEntity, 'defaultLanguage'>): Language =>
  isLanguage(c.defaultLanguage) ? c.defaultLanguage : DEFAULT_LANGUAGE;

/** A text in a language, falling back to the default language's when it has none. */
export function configText(texts: ConfigTexts | null | undefined, field: ConfigTextField, language: Language, fallback: Language): string {
  return texts?.[language]?.[field] || texts?.[fallback]?.[field] || '';
}

/** The first of it, en, fr that an Accept-Language header accepts (by q, then order); undefined when none. */
export function preferredLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .slice(0, 30)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q.slice(2)) || 0, i };
    })
    .filter((x) => x.q > 0 && isLanguage(x.lang))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked[0]?.lang as Language | undefined;
}

/** The configuration in the spec's shape, its texts in `language` (default: the configuration's default language). */
export function toConfigDto(c: ConfigurationEntity, language?: Language): ConfigDto {
  const fallback = defaultOf(c);
  const lang = language ?? fallback;
  const text = (field: ConfigTextField) => configText(c.texts, field, lang, fallback);
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    message: text('message'),
    domain: c.domain,
    defaultLanguage: c.defaultLanguage as ConfigDto['defaultLanguage'],
    languageSelection: c.languageSelection,
    organizationSelection: c.organizationSelection,
    logoBase64: c.logoBase64,
    logoWidth: c.logoWidth,
    logoHeight: c.logoHeight,
    listName: text('listName'),
    landingHtml: text('landingHtml'),
    dataConsentText: text('dataConsentText'),
    reportPowerBiId: c.reportPowerBiId,
    workspacePowerBiId: c.workspacePowerBiId,
    isActive: c.isActive,
    version: c.version,
    updatedAt: c.updatedAt?.toISOString(),
    language: lang,
  };
}

/** The console's view: the default language's texts, and every language's as stored ('' when none). */
export function toConfigAdminDto(c: ConfigurationEntity): ConfigAdminDto {
  const texts = Object.fromEntries(
    LANGUAGES.map((l) => [l, Object.fromEntries(CONFIG_TEXT_FIELDS.map((f) => [f, c.texts?.[l]?.[f] ?? '']))]),
  ) as unknown as ConfigTextsByLanguageDto;
  return { ...toConfigDto(c), texts };
}

/** Rich HTML texts are sanitized (refused when unsafe), the list name is plain text; null clears a text (the console sends it for an emptied field). */
function cleanText(field: ConfigTextField, value: string | null, at: string): string {
  if (value === null) return '';
  return field === 'listName' ? value.trim() : cleanRichHtml(at, value);
}

/**
 * The texts after a save: the stored ones, then the plain fields (the spec's UpsertConfig) as
 * the default language's, then `texts` per language and field. Empty texts are dropped.
 */
function mergeTexts(stored: ConfigTexts | undefined, dto: UpsertConfigDto, defaultLanguage: Language): ConfigTexts {
  const out: ConfigTexts = {};
  for (const l of LANGUAGES) out[l] = { ...(stored?.[l] ?? {}) };
  for (const f of CONFIG_TEXT_FIELDS) {
    const v = dto[f];
    if (v !== undefined) out[defaultLanguage]![f] = cleanText(f, v, f);
  }
  for (const l of LANGUAGES) {
    const given = dto.texts?.[l];
    if (!given) continue;
    for (const f of CONFIG_TEXT_FIELDS) {
      const v = given[f];
      if (v !== undefined) out[l]![f] = cleanText(f, v, `texts.${l}.${f}`);
    }
  }
  for (const l of LANGUAGES) {
    for (const f of CONFIG_TEXT_FIELDS) if (!out[l]![f]) delete out[l]![f];
    if (Object.keys(out[l]!).length === 0) delete out[l];
  }
  return out;
}

/** Checks a logo's size and type from its bytes; answers a normalized data URL. */
export async function checkLogo(raw: string): Promise<string> {
  const match = /^data:([\w/+.-]+);base64,(.*)$/s.exec(raw.trim());
  const base64 = (match ? match[2] : raw).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64))
    throw badRequest('errors.logo-invalid', 'The logo is not valid base64', { errors: { logoBase64: 'not base64' } });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw badRequest('errors.logo-invalid', 'The logo is empty', { errors: { logoBase64: 'empty' } });
  if (bytes.length > LOGO_MAX_BYTES) {
    throw badRequest('errors.logo-too-large', `The logo is ${bytes.length} bytes; at most ${LOGO_MAX_BYTES} are allowed`, {
      errors: { logoBase64: 'too large' },
    });
  }
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !LOGO_TYPES.has(type.mime)) {
    throw badRequest('errors.logo-type', 'The logo must be a PNG, JPEG, GIF or WebP image', { errors: { logoBase64: 'not an image' } });
  }
  return `data:${type.mime};base64,${bytes.toString('base64')}`;
}

const blankToNull = (s: string | null | undefined) => (s === undefined ? undefined : s === null || s.trim() === '' ? null : s.trim());

export interface ActiveConfigResponse {
  dto: ConfigDto;
  /** `dto` serialized, with its ETag. */
  json: JsonDocument;
}

@Injectable()
export class ConfigService {
  constructor(private readonly configs: ConfigurationRepository) {}

  /**
   * The active configuration with its texts in `language` (default: the configuration's
   * default language), its JSON and ETag computed once per cache period and language: every
   * page view of both apps asks for it, so it is serialized and hashed once, not per request.
   */
  getActiveResponse(language?: Language): Promise<ActiveConfigResponse> {
    return this.configs.active(language ?? '', (active) => {
      const dto: ConfigDto = active ? toConfigDto(active, language) : { id: EMPTY_ID, ...BUILT_IN, language: language ?? DEFAULT_LANGUAGE };
      return { dto, json: jsonDocument(JSON.stringify(dto)) };
    });
  }

  async list(): Promise<ConfigAdminDto[]> {
    return (await this.configs.findAll()).map(toConfigAdminDto);
  }

  async page(query: ListQuery): Promise<Page<ConfigAdminDto>> {
    const page = await this.configs.findPage(query);
    return { items: page.items.map(toConfigAdminDto), total: page.total };
  }

  async get(id: string): Promise<ConfigAdminDto> {
    const c = await this.configs.findById(id);
    if (!c) throw notFound('errors.config-not-found', 'Configuration not found');
    return toConfigAdminDto(c);
  }

  /** Creates (no id) or updates a configuration. The first one ever created is active. */
  async upsert(dto: UpsertConfigDto): Promise<ConfigAdminDto> {
    const fields: Partial<ConfigurationEntity> = {
      name: dto.name,
      description: dto.description,
      domain: dto.domain,
      defaultLanguage: dto.defaultLanguage,
      languageSelection: dto.languageSelection,
      organizationSelection: dto.organizationSelection,
      logoBase64:
        dto.logoBase64 === undefined
          ? undefined
          : dto.logoBase64 === null || dto.logoBase64 === ''
            ? null
            : await checkLogo(dto.logoBase64),
      logoWidth: dto.logoWidth,
      logoHeight: dto.logoHeight,
      reportPowerBiId: blankToNull(dto.reportPowerBiId),
      workspacePowerBiId: blankToNull(dto.workspacePowerBiId),
    };
    for (const k of Object.keys(fields) as (keyof ConfigurationEntity)[]) if (fields[k] === undefined) delete fields[k];

    const saved = await this.configs.transaction(async (m: EntityManager) => {
      if (!isEmptyId(dto.id)) {
        const existing = await this.configs.findById(dto.id!, m);
        if (!existing) throw notFound('errors.config-not-found', 'Configuration not found');
        if (dto.version === undefined || dto.version !== existing.version) {
          throw conflict('errors.stale-version', 'This configuration was changed by someone else; reload it');
        }
        Object.assign(existing, fields);
        existing.texts = mergeTexts(existing.texts, dto, defaultOf(existing));
        return this.configs.save(m, existing);
      }
      const isFirst = (await this.configs.count(m)) === 0;
      const created = this.configs.create({ ...fields, isActive: isFirst });
      created.texts = mergeTexts(undefined, dto, defaultOf({ defaultLanguage: dto.defaultLanguage ?? DEFAULT_LANGUAGE }));
      return this.configs.save(m, created);
    });
    this.configs.forgetActive();
    return toConfigAdminDto(saved);
  }

  /** Makes one configuration the active one, in one transaction. */
  async activate(id: string): Promise<ConfigAdminDto> {
    await this.configs.transaction(async (m) => {
      const target = await this.configs.findById(id, m);
      if (!target) throw notFound('errors.config-not-found', 'Configuration not found');
      await this.configs.activate(m, id);
    });
    this.configs.forgetActive();
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    await this.configs.transaction(async (m) => {
      const target = await this.configs.findById(id, m);
      if (!target) throw notFound('errors.config-not-found', 'Configuration not found');
      if (target.isActive)
        throw conflict('pages.admin.error-config-active', 'The active configuration cannot be deleted; activate another one first');
      await this.configs.delete(m, id);
    });
    this.configs.forgetActive();
  }
}
