import { Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import type { EntityManager } from 'typeorm';
import { EMPTY_ID, isEmptyId } from '../../common/ids.js';
import { jsonDocument, type JsonDocument } from '../../common/http/send-json.js';
import { badRequest, conflict, notFound } from '../../common/http/app-error.js';
import { cleanRichHtml } from '../../common/html/safe-html.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { ConfigurationEntity } from './configuration.entity.js';
import { ConfigurationRepository } from './configuration.repository.js';
import { LOGO_MAX_BYTES, type ConfigDto, type UpsertConfigDto } from './dto/config.dto.js';

const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** What GetConfig answers before any configuration exists. */
const BUILT_IN: Omit<ConfigDto, 'id'> = {
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

export function toConfigDto(c: ConfigurationEntity): ConfigDto {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    message: c.message,
    domain: c.domain,
    defaultLanguage: c.defaultLanguage as ConfigDto['defaultLanguage'],
    languageSelection: c.languageSelection,
    organizationSelection: c.organizationSelection,
    logoBase64: c.logoBase64,
    logoWidth: c.logoWidth,
    logoHeight: c.logoHeight,
    listName: c.listName,
    landingHtml: c.landingHtml,
    dataConsentText: c.dataConsentText,
    reportPowerBiId: c.reportPowerBiId,
    workspacePowerBiId: c.workspacePowerBiId,
    isActive: c.isActive,
    version: c.version,
    updatedAt: c.updatedAt?.toISOString(),
  };
}

/** Checks a logo's size and type from its bytes; answers a normalized data URL. */
export async function checkLogo(raw: string): Promise<string> {
  const match = /^data:([\w/+.-]+);base64,(.*)$/s.exec(raw.trim());
  const base64 = (match ? match[2] : raw).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw badRequest('errors.logo-invalid', 'The logo is not valid base64', { errors: { logoBase64: 'not base64' } });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw badRequest('errors.logo-invalid', 'The logo is empty', { errors: { logoBase64: 'empty' } });
  if (bytes.length > LOGO_MAX_BYTES) {
    throw badRequest('errors.logo-too-large', `The logo is ${bytes.length} bytes; at most ${LOGO_MAX_BYTES} are allowed`, { errors: { logoBase64: 'too large' } });
  }
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !LOGO_TYPES.has(type.mime)) {
    throw badRequest('errors.logo-type', 'The logo must be a PNG, JPEG, GIF or WebP image', { errors: { logoBase64: 'not an image' } });
  }
  return `data:${type.mime};base64,${bytes.toString('base64')}`;
}

const blankToNull = (s: string | null | undefined) => (s === undefined ? undefined : s === null || s.trim() === '' ? null : s.trim());

/**
 * How long a replica may serve the active configuration it read. The branding is read on
 * every page view and changes rarely; a save on this replica clears it at once, other
 * replicas see the change within this time.
 */
export const ACTIVE_CONFIG_TTL_MS = 5_000;

export interface ActiveConfigResponse {
  dto: ConfigDto;
  /** `dto` serialized, with its ETag. */
  json: JsonDocument;
}

@Injectable()
export class ConfigService {
  private cached: { value: Promise<ActiveConfigResponse>; until: number } | undefined;

  constructor(private readonly configs: ConfigurationRepository) {}

  async getActive(): Promise<ConfigDto> {
    return (await this.getActiveResponse()).dto;
  }

  /**
   * The active configuration with its JSON and ETag computed once per cache period: every
   * page view of both apps asks for it, so it is serialized and hashed once, not per request.
   */
  getActiveResponse(): Promise<ActiveConfigResponse> {
    const now = Date.now();
    if (!this.cached || this.cached.until <= now) {
      const value = this.configs.findActive().then((active) => {
        const dto: ConfigDto = active ? toConfigDto(active) : { id: EMPTY_ID, ...BUILT_IN };
        return { dto, json: jsonDocument(JSON.stringify(dto)) };
      });
      this.cached = { value, until: now + ACTIVE_CONFIG_TTL_MS };
      // A failed read is not kept.
      value.catch(() => (this.cached = undefined));
    }
    return this.cached.value;
  }

  /** Forgets the cached active configuration (after any write). */
  private forget(): void {
    this.cached = undefined;
  }

  async list(): Promise<ConfigDto[]> {
    return (await this.configs.findAll()).map(toConfigDto);
  }

  async page(query: ListQuery): Promise<Page<ConfigDto>> {
    const page = await this.configs.findPage(query);
    return { items: page.items.map(toConfigDto), total: page.total };
  }

  async get(id: string): Promise<ConfigDto> {
    const c = await this.configs.findById(id);
    if (!c) throw notFound('errors.config-not-found', 'Configuration not found');
    return toConfigDto(c);
  }

  /** Creates (no id) or updates a configuration. The first one ever created is active. */
  async upsert(dto: UpsertConfigDto): Promise<ConfigDto> {
    const fields: Partial<ConfigurationEntity> = {
      name: dto.name,
      description: dto.description,
      message: dto.message === undefined ? undefined : cleanRichHtml('message', dto.message),
      domain: dto.domain,
      defaultLanguage: dto.defaultLanguage,
      languageSelection: dto.languageSelection,
      organizationSelection: dto.organizationSelection,
      logoBase64: dto.logoBase64 === undefined ? undefined : dto.logoBase64 === null || dto.logoBase64 === '' ? null : await checkLogo(dto.logoBase64),
      logoWidth: dto.logoWidth,
      logoHeight: dto.logoHeight,
      listName: dto.listName,
      landingHtml: dto.landingHtml === undefined ? undefined : cleanRichHtml('landingHtml', dto.landingHtml),
      dataConsentText: dto.dataConsentText === undefined ? undefined : cleanRichHtml('dataConsentText', dto.dataConsentText),
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
        return m.save(existing);
      }
      const isFirst = (await this.configs.count(m)) === 0;
      return m.save(this.configs.create({ ...fields, isActive: isFirst }));
    });
    this.forget();
    return toConfigDto(saved);
  }

  /** Makes one configuration the active one, in one transaction. */
  async activate(id: string): Promise<ConfigDto> {
    await this.configs.transaction(async (m) => {
      const target = await this.configs.findById(id, m);
      if (!target) throw notFound('errors.config-not-found', 'Configuration not found');
      await m.query('UPDATE configuration SET is_active = false, updated_at = now(), version = version + 1 WHERE is_active AND id <> $1', [id]);
      await m.query('UPDATE configuration SET is_active = true, updated_at = now(), version = version + 1 WHERE id = $1 AND NOT is_active', [id]);
    });
    this.forget();
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    await this.configs.transaction(async (m) => {
      const target = await this.configs.findById(id, m);
      if (!target) throw notFound('errors.config-not-found', 'Configuration not found');
      if (target.isActive) throw conflict('pages.admin.error-config-active', 'The active configuration cannot be deleted; activate another one first');
      await m.delete(ConfigurationEntity, { id });
    });
    this.forget();
  }
}
