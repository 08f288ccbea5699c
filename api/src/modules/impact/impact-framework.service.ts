import { Injectable } from '@nestjs/common';
import {
  type FrameworkCatalog,
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
import type {
  DeletedFrameworkDto,
  ImpactFrameworkDto,
  ImpactFrameworkSummaryDto,
  IndicatorTypeDto,
  OutcomeDto,
  OutcomeTypeDto,
  SdgDto,
  StakeholderDto,
} from './dto/impact-framework.dto.js';
import { FRAMEWORK_DESCRIPTION_MAX, FRAMEWORK_NAME_MAX } from './dto/impact-framework.dto.js';
import { type FrameworkRow, ImpactFrameworkRepository } from './impact-framework.repository.js';

/** Imports at least this big refresh the planner's statistics right away. */
const ANALYZE_AFTER_PROXIES = 1000;

export const FRAMEWORK_NOT_FOUND = () => notFound('errors.impact.framework-not-found', 'Impact framework not found');

/** The 400 answer for a framework that breaks rules: the first issue's key, every issue listed. */
export function frameworkRejected(issues: FrameworkIssue[], truncated = false): AppError {
  const shown = issues.slice(0, 5).map((i) => i.message);
  const more = issues.length > 5 || truncated ? ` (and ${truncated ? 'more' : issues.length - 5} more)` : '';
  return badRequest(
    issues[0].key,
    `${translate('en', 'errors.impact.excel-invalid', { count: truncated ? `${issues.length}+` : issues.length })}. ${shown.join('; ')}${more}`,
    {
      issues,
      truncated,
    },
  );
}

function toSummary(f: FrameworkRow): ImpactFrameworkSummaryDto {
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    createdAt: new Date(f.createdAt).toISOString(),
    version: f.version,
    stakeholderCount: f.stakeholderCount,
    outcomeCount: f.outcomeCount,
    indicatorCount: f.indicatorCount,
    proxyCount: f.proxyCount,
    sdgs: f.sdgs.map(Number),
  };
}

/** Frameworks: import (one transaction), reads for the console and for miniDyi, delete unless used. */
@Injectable()
export class ImpactFrameworkService {
  constructor(private readonly frameworks: ImpactFrameworkRepository) {}

  async list(): Promise<ImpactFrameworkSummaryDto[]> {
    return (await this.frameworks.findAll()).map(toSummary);
  }

  async page(query: ListQuery): Promise<Page<ImpactFrameworkSummaryDto>> {
    const page = await this.frameworks.findPage(query);
    return { items: page.items.map(toSummary), total: page.total };
  }

  /** A framework with its lists; `withUsage` adds the calls using it (administrators only: a call's name may be restricted). */
  async get(id: string, withUsage: boolean): Promise<ImpactFrameworkDto> {
    const f = await this.frameworks.findById(id);
    if (!f) throw FRAMEWORK_NOT_FOUND();
    const [stakeholders, outcomes, chains, usedBy] = await Promise.all([
      this.frameworks.findStakeholders(id),
      this.frameworks.findOutcomes(id),
      this.frameworks.findFrameworkChains(id),
      withUsage ? this.frameworks.findUsage(id) : Promise.resolve([]),
    ]);
    const byOutcome = new Map<string, OutcomeDto>(
      outcomes.map((o) => [o.id, { id: o.id, name: o.name, description: o.description, sdg: o.sdg, indicators: [] }]),
    );
    for (const c of chains) {
      const o = byOutcome.get(c.outcomeId)!;
      let ind = o.indicators.at(-1);
      if (ind?.id !== c.indicatorId) {
        ind = { id: c.indicatorId, name: c.name, description: c.description, proxies: [] };
        o.indicators.push(ind);
      }
      ind.proxies.push({ id: c.proxyId, name: c.proxyName, defaultValue: c.proxyValue, sourceName: c.sourceName, sourceUrl: c.sourceUrl });
    }
    return { ...toSummary(f), stakeholders, outcomes: [...byOutcome.values()], usedBy };
  }

  /**
   * Saves a framework after checking every rule of its lists; nothing is written when one
   * is broken. One transaction (or the caller's, e.g. the demo content's).
   */
  async create(
    input: { id?: string; name: string; description: string; content: FrameworkContent },
    manager?: EntityManager,
  ): Promise<ImpactFrameworkSummaryDto> {
    const name = input.name.trim();
    const description = input.description.trim();
    const fields: Record<string, string> = {};
    if (!name) fields.name = 'name should not be empty';
    else if (name.length > FRAMEWORK_NAME_MAX) fields.name = `name must be shorter than or equal to ${FRAMEWORK_NAME_MAX} characters`;
    if (!description) fields.description = 'description should not be empty';
    else if (description.length > FRAMEWORK_DESCRIPTION_MAX)
      fields.description = `description must be shorter than or equal to ${FRAMEWORK_DESCRIPTION_MAX} characters`;
    if (Object.keys(fields).length) throw badRequest('errors.validation', Object.values(fields).join('; '), { errors: fields });

    const issues = frameworkContentIssues(input.content);
    if (issues.length) throw frameworkRejected(issues);
    const counts = frameworkCounts(input.content);
    const id = await this.frameworks.transaction(
      (m) =>
        this.frameworks.insert(m, { id: input.id, name, description }, input.content, {
          stakeholderCount: counts.stakeholders,
          outcomeCount: counts.outcomes,
          indicatorCount: counts.indicators,
          proxyCount: counts.proxies,
          sdgs: counts.sdgs,
        }),
      manager,
    );
    // Autovacuum would analyze the tables a minute later; until then a big framework's lookups scan.
    if (!manager && counts.proxies >= ANALYZE_AFTER_PROXIES) await this.frameworks.analyze();
    const saved = await this.frameworks.findById(id, manager);
    return toSummary(saved!);
  }

  /** Deletes a framework with its lists, unless a call's miniDyi step uses it (409, pages.admin.framework-in-use). */
  async delete(id: string): Promise<DeletedFrameworkDto> {
    return this.frameworks.transaction(async (m) => {
      const f = await this.frameworks.findById(id, m, true);
      if (!f) throw FRAMEWORK_NOT_FOUND();
      const usedBy = await this.frameworks.findUsage(id, m);
      if (usedBy.length) {
        const names = usedBy.map((u) => u.name).join(', ');
        throw conflict('pages.admin.framework-in-use', translate('en', 'pages.admin.framework-in-use', { calls: names }), { usedBy });
      }
      await this.frameworks.delete(m, id);
      return { ...toSummary(f), messageKey: 'pages.admin.framework-deleted' };
    });
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

  private async requireFramework(id: string): Promise<void> {
    if (!(await this.frameworks.exists(id))) throw FRAMEWORK_NOT_FOUND();
  }

  async stakeholders(frameworkId: string): Promise<StakeholderDto[]> {
    await this.requireFramework(frameworkId);
    return this.frameworks.findStakeholders(frameworkId);
  }

  /** Outcomes of a framework under the SDG codes given (all of them for an empty list). */
  async outcomeTypes(frameworkId: string, sdgs: number[]): Promise<OutcomeTypeDto[]> {
    await this.requireFramework(frameworkId);
    return (await this.frameworks.findOutcomes(frameworkId, sdgs)).map((o) => ({ ...o, outcomeTypeId: o.id }));
  }

  /** Indicator-proxy chains of the outcomes given, in their order. */
  async indicatorTypes(outcomeIds: string[]): Promise<IndicatorTypeDto[]> {
    if (outcomeIds.length === 0) return [];
    return (await this.frameworks.findIndicatorChains(outcomeIds)).map((c) => ({
      id: c.indicatorId,
      name: c.name,
      description: c.description,
      outcomeTypeId: c.outcomeId,
      proxyTypeID: c.proxyId,
      proxyTypeName: c.proxyName,
      proxyTypeDefaultValue: c.proxyValue,
      proxySourceName: c.sourceName,
      proxySourceUrl: c.sourceUrl,
    }));
  }

  /** The framework as the miniDyi rules check a state against it (used when saving miniDyi). */
  async catalog(frameworkId: string): Promise<FrameworkCatalog> {
    await this.requireFramework(frameworkId);
    const [outcomes, stakeholders, chains] = await Promise.all([
      this.frameworks.findOutcomes(frameworkId),
      this.frameworks.findStakeholders(frameworkId),
      this.frameworks.findFrameworkChains(frameworkId),
    ]);
    return {
      outcomes: new Map(outcomes.map((o) => [o.id, { outcomeId: o.id, outcomeName: o.name, sdg: o.sdg }])),
      stakeholders: new Map(stakeholders.map((s) => [s.id, { stakeholderId: s.id, stakeholderName: s.name }])),
      chains: new Map(
        chains.map((c) => [
          `${c.indicatorId}:${c.proxyId}`,
          {
            indicatorId: c.indicatorId,
            indicatorName: c.name,
            proxyId: c.proxyId,
            proxyName: c.proxyName,
            proxyValue: c.proxyValue,
            outcomeId: c.outcomeId,
          },
        ]),
      ),
    };
  }
}
