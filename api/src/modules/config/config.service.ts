import { Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import type { EntityManager } from 'typeorm';
import { EMPTY_ID, isEmptyId } from '../../common/ids.js';
import { jsonDocument, type JsonDocument } from '../../common/http/send-json.js';
import { badRequest, conflict, notFound } from '../../common/http/app-error.js';
import { cleanRichHtml } from '../../common/html/safe-html.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@impact-calls/domain';
import { CONFIG_TEXT_FIELDS, type ConfigurationEntity, type ConfigTextField, type ConfigTexts } from './configuration.entity.js';
import { CONFIG_DEFAULTS, ConfigurationRepository } from './configuration.repository.js';
import { AuditService } from '../audit/audit.service.js';
import {
  LOGO_MAX_BYTES,
  type ConfigAdminDto,
  type ConfigDto,
  type ConfigTextsByLanguageDto,
  type UpsertConfigDto,
} from './dto/config.dto.js';

const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** What GetConfig answers before any configuration exists. */
const BUILT_IN = {
  ...CONFIG_DEFAULTS,
  id: EMPTY_ID,
  name: 'Impact Calls',
  languageSelection: true,
  logoBase64: null,
  reportPowerBiId: null,
  workspacePowerBiId: null,
  isActive: false,
  version: 0,
} as ConfigurationEntity;

/** The configuration's default language (Italian when it names none we know). */
const defaultOf = (c: Pick<ConfigurationEntity, 'defaultLanguage'>): Language =>
  isLanguage(c.defaultLanguage) ? c.defaultLanguage : DEFAULT_LANGUAGE;

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

/** The texts after a save: the stored ones, then the plain fields as the default language's, then `texts`; empty ones go. */
function mergeTexts(stored: ConfigTexts | undefined, dto: UpsertConfigDto, defaultLanguage: Language): ConfigTexts {
  const out: ConfigTexts = Object.fromEntries(LANGUAGES.map((l) => [l, { ...stored?.[l] }]));
  const set = (l: Language, f: ConfigTextField, v: string | null | undefined, at: string) => {
    if (v !== undefined) out[l]![f] = cleanText(f, v, at);
  };
  for (const f of CONFIG_TEXT_FIELDS) set(defaultLanguage, f, dto[f], f);
  for (const l of LANGUAGES) for (const f of CONFIG_TEXT_FIELDS) set(l, f, dto.texts?.[l]?.[f], `texts.${l}.${f}`);
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
  if (bytes.length > LOGO_MAX_BYTES)
    throw badRequest('errors.logo-too-large', `The logo is ${bytes.length} bytes; at most ${LOGO_MAX_BYTES} are allowed`, {
      errors: { logoBase64: 'too large' },
    });
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !LOGO_TYPES.has(type.mime))
    throw badRequest('errors.logo-type', 'The logo must be a PNG, JPEG, GIF or WebP image', { errors: { logoBase64: 'not an image' } });
  return `data:${type.mime};base64,${bytes.toString('base64')}`;
}

const blankToNull = (s: string | null | undefined) => (s === undefined ? undefined : s === null || s.trim() === '' ? null : s.trim());

@Injectable()
export class ConfigService {
  constructor(
    private readonly configs: ConfigurationRepository,
    private readonly audit: AuditService,
  ) {}

  /** The active configuration's JSON and ETag, texts in `language` (else its default): made once per cache period and language. */
  getActiveResponse(language?: Language): Promise<JsonDocument> {
    return this.configs.active(language ?? '', (active) => jsonDocument(JSON.stringify(toConfigDto(active ?? BUILT_IN, language))));
  }

  async list(): Promise<ConfigAdminDto[]> {
    return (await this.configs.findAll()).map(toConfigAdminDto);
  }

  async page(query: ListQuery): Promise<Page<ConfigAdminDto>> {
    const page = await this.configs.findPage(query);
    return { items: page.items.map(toConfigAdminDto), total: page.total };
  }

  async get(id: string): Promise<ConfigAdminDto> {
    return toConfigAdminDto(await this.found(id));
  }

  private async found(id: string, m?: EntityManager): Promise<ConfigurationEntity> {
    const c = await this.configs.findById(id, m);
    if (!c) throw notFound('errors.config-not-found', 'Configuration not found');
    return c;
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
      logoBase64: dto.logoBase64 ? await checkLogo(dto.logoBase64) : dto.logoBase64 === undefined ? undefined : null,
      logoWidth: dto.logoWidth,
      logoHeight: dto.logoHeight,
      reportPowerBiId: blankToNull(dto.reportPowerBiId),
      workspacePowerBiId: blankToNull(dto.workspacePowerBiId),
    };
    for (const k of Object.keys(fields) as (keyof ConfigurationEntity)[]) if (fields[k] === undefined) delete fields[k];

    const saved = await this.configs.transaction(async (m: EntityManager) => {
      if (!isEmptyId(dto.id)) {
        const existing = await this.found(dto.id!, m);
        if (dto.version === undefined || dto.version !== existing.version)
          throw conflict('errors.stale-version', 'This configuration was changed by someone else; reload it');
        const before = { ...existing };
        Object.assign(existing, fields);
        existing.texts = mergeTexts(existing.texts, dto, defaultOf(existing));
        const updated = await this.configs.save(m, existing);
        await this.audit.record(m, {
          action: 'configuration.update',
          entity: 'configuration',
          entityId: updated.id,
          summary: updated.name,
          before,
          after: { ...updated },
        });
        return updated;
      }
      const isFirst = (await this.configs.count(m)) === 0;
      const texts = mergeTexts(undefined, dto, dto.defaultLanguage ?? DEFAULT_LANGUAGE);
      const created = await this.configs.save(m, { ...fields, isActive: isFirst, texts } as ConfigurationEntity);
      await this.audit.record(m, {
        action: 'configuration.create',
        entity: 'configuration',
        entityId: created.id,
        summary: created.name,
        after: { ...created },
      });
      return created;
    });
    return toConfigAdminDto(saved);
  }

  async activate(id: string): Promise<ConfigAdminDto> {
    await this.configs.transaction(async (m) => {
      const config = await this.found(id, m);
      await this.configs.activate(m, id);
      await this.audit.record(m, {
        action: 'configuration.activate',
        entity: 'configuration',
        entityId: id,
        summary: config.name,
        before: { isActive: config.isActive },
        after: { isActive: true },
      });
    });
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    await this.configs.transaction(async (m) => {
      const config = await this.found(id, m);
      if (config.isActive)
        throw conflict('pages.admin.error-config-active', 'The active configuration cannot be deleted; activate another one first');
      await this.configs.delete(m, id);
      await this.audit.record(m, {
        action: 'configuration.delete',
        entity: 'configuration',
        entityId: id,
        summary: config.name,
        before: { ...config },
      });
    });
  }
}
