import { Injectable } from '@nestjs/common';
import {
  type FrameworkContent,
  frameworkContentIssues,
  frameworkCounts,
  type FrameworkIssue,
  type Language,
  translate,
} from '@impact-calls/domain';
import type { EntityManager } from 'typeorm';
import { AppError, badRequest, conflict, notFound } from '../../common/http/app-error.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { jsonDocument, type JsonDocument } from '../../common/http/send-json.js';
import type { DeletedFrameworkDto, ImpactFrameworkDto, ImpactFrameworkSummaryDto, OutcomeDto, SdgDto } from './dto/impact-framework.dto.js';
import { FRAMEWORK_DESCRIPTION_MAX, FRAMEWORK_NAME_MAX } from './dto/impact-framework.dto.js';
import { ImpactFrameworkRepository } from './impact-framework.repository.js';
import { AuditService } from '../audit/audit.service.js';

/** Imports at least this big refresh the planner's statistics right away. */
const ANALYZE_AFTER_PROXIES = 1000;

function frameworkNotFound(): never {
  throw notFound('errors.impact.framework-not-found', 'Impact framework not found');
}

/** The 400 answer for a framework that breaks rules: the first issue's key, every issue listed. */
export function frameworkRejected(issues: FrameworkIssue[], truncated = false): AppError {
  const shown = issues.slice(0, 5).map((i) => i.message);
  const more = issues.length > 5 || truncated ? ` (and ${truncated ? 'more' : issues.length - 5} more)` : '';
  const count = truncated ? `${issues.length}+` : issues.length;
  const message = `${translate('en', 'errors.impact.excel-invalid', { count })}. ${shown.join('; ')}${more}`;
  return badRequest(issues[0].key, message, { issues, truncated });
}

const EMPTY_LIST: JsonDocument = jsonDocument('[]');

/** Frameworks: import (one transaction), reads for the console and for miniDyi, delete unless used. */
@Injectable()
export class ImpactFrameworkService {
  constructor(
    private readonly frameworks: ImpactFrameworkRepository,
    private readonly audit: AuditService,
  ) {}

  list(): Promise<ImpactFrameworkSummaryDto[]> {
    return this.frameworks.findAll();
  }

  page(query: ListQuery): Promise<Page<ImpactFrameworkSummaryDto>> {
    return this.frameworks.findPage(query);
  }

  /** A framework with its lists; `withUsage` adds the calls using it (administrators only: a call's name may be restricted). */
  async get(id: string, withUsage: boolean): Promise<ImpactFrameworkDto> {
    const f = await this.frameworks.findById(id);
    if (!f) frameworkNotFound();
    const [stakeholders, outcomes, chains, usedBy] = await Promise.all([
      this.frameworks.findStakeholders(id),
      this.frameworks.findOutcomes(id),
      this.frameworks.findFrameworkChains(id),
      withUsage ? this.frameworks.findUsage(id) : Promise.resolve([]),
    ]);
    const byOutcome = new Map<string, OutcomeDto>(outcomes.map((o) => [o.id, { ...o, indicators: [] }]));
    for (const c of chains) {
      const o = byOutcome.get(c.outcomeId)!;
      let ind = o.indicators.at(-1);
      if (ind?.id !== c.indicatorId) {
        ind = { id: c.indicatorId, name: c.name, description: c.description, proxies: [] };
        o.indicators.push(ind);
      }
      ind.proxies.push({ id: c.proxyId, name: c.proxyName, defaultValue: c.proxyValue, sourceName: c.sourceName, sourceUrl: c.sourceUrl });
    }
    return { ...f, stakeholders, outcomes: [...byOutcome.values()], usedBy };
  }

  /** Saves a framework, nothing unless every rule of its lists holds: one transaction (or the caller's). */
  async create(
    input: { id?: string; name: string; description: string; content: FrameworkContent },
    manager?: EntityManager,
  ): Promise<ImpactFrameworkSummaryDto> {
    const texts = { name: input.name.trim(), description: input.description.trim() };
    const fields: Record<string, string> = {};
    for (const [field, max] of Object.entries({ name: FRAMEWORK_NAME_MAX, description: FRAMEWORK_DESCRIPTION_MAX })) {
      const text = texts[field as keyof typeof texts];
      if (!text) fields[field] = `${field} should not be empty`;
      else if (text.length > max) fields[field] = `${field} must be shorter than or equal to ${max} characters`;
    }
    if (Object.keys(fields).length) throw badRequest('errors.validation', Object.values(fields).join('; '), { errors: fields });

    const issues = frameworkContentIssues(input.content);
    if (issues.length) throw frameworkRejected(issues);
    const { stakeholders, outcomes, indicators, proxies, sdgs } = frameworkCounts(input.content);
    const counts = { stakeholderCount: stakeholders, outcomeCount: outcomes, indicatorCount: indicators, proxyCount: proxies, sdgs };
    const insert = async (m: EntityManager) => {
      const id = await this.frameworks.insert(m, { id: input.id, ...texts }, input.content, counts);
      await this.audit.record(m, {
        action: 'impact-framework.import',
        entity: 'impact-framework',
        entityId: id,
        summary: texts.name,
        after: { ...texts, ...counts },
      });
      return id;
    };
    const id = await this.frameworks.transaction(insert, manager);
    // Autovacuum would analyze the tables a minute later; until then a big framework's lookups scan.
    if (!manager && proxies >= ANALYZE_AFTER_PROXIES) await this.frameworks.analyze();
    return (await this.frameworks.findById(id, manager))!;
  }

  /** Deletes a framework with its lists, unless a call's miniDyi step uses it (409, pages.admin.framework-in-use). */
  async delete(id: string): Promise<DeletedFrameworkDto> {
    const deleted = await this.frameworks.transaction(async (m) => {
      const f = await this.frameworks.findById(id, m, true);
      if (!f) frameworkNotFound();
      const usedBy = await this.frameworks.findUsage(id, m);
      if (usedBy.length) {
        const names = usedBy.map((u) => u.name).join(', ');
        throw conflict('pages.admin.framework-in-use', translate('en', 'pages.admin.framework-in-use', { calls: names }), { usedBy });
      }
      await this.frameworks.delete(m, id);
      await this.audit.record(m, {
        action: 'impact-framework.delete',
        entity: 'impact-framework',
        entityId: id,
        summary: f.name,
        before: f,
      });
      return { ...f, messageKey: 'pages.admin.framework-deleted' };
    });
    return deleted;
  }

  async sdgs(language: Language): Promise<SdgDto[]> {
    return (await this.frameworks.findSdgs()).map((s) => {
      const translations = {
        it: { name: s.nameIt, description: s.descriptionIt },
        en: { name: s.nameEn, description: s.descriptionEn },
        fr: { name: s.nameFr, description: s.descriptionFr },
      };
      return { sdgCode: s.code, ...translations[language], keywords: s.keywords, url: s.url, colour: s.colour, translations };
    });
  }

  async stakeholders(frameworkId: string): Promise<JsonDocument> {
    return (await this.frameworks.stakeholdersJson(frameworkId)) ?? frameworkNotFound();
  }

  async outcomeTypes(frameworkId: string, sdgs: number[]): Promise<JsonDocument> {
    return (await this.frameworks.outcomesJson(frameworkId, sdgs)) ?? frameworkNotFound();
  }

  indicatorTypes(outcomeIds: string[]): Promise<JsonDocument> {
    return outcomeIds.length === 0 ? Promise.resolve(EMPTY_LIST) : this.frameworks.indicatorChainsJson(outcomeIds);
  }
}
