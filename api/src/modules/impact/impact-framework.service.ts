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
import { type FrameworkRow, ImpactFrameworkRepository } from './impact-framework.repository.js';
import { type ChainsEntry, FrameworkReadCache } from './read-cache.js';

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

const EMPTY_LIST: JsonDocument = jsonDocument('[]');

/** The chains of some outcomes (ascending ids, one row each) as one answer, remembering where each outcome's rows lie. */
function chainsEntry(rows: { outcomeId: string; json: string | null }[]): ChainsEntry {
  const spans = new Int32Array(rows.length * 2);
  const parts: string[] = [];
  let bytes = 1; // '['
  rows.forEach((r, i) => {
    if (r.json && parts.length) bytes += 1; // ','
    spans[2 * i] = bytes;
    if (r.json) {
      parts.push(r.json);
      bytes += Buffer.byteLength(r.json);
    }
    spans[2 * i + 1] = bytes;
  });
  return { answer: jsonDocument(`[${parts.join(',')}]`), spans, complete: rows.every((r) => r.json !== null) };
}

/** The answer of a set of outcomes (`sorted` ids) in the order asked for. */
function reorderedChains(entry: ChainsEntry, sorted: string[], asked: string[]): JsonDocument {
  const position = new Map(sorted.map((id, i) => [id, i]));
  const { body } = entry.answer;
  const parts = asked
    .map((id) => position.get(id)!)
    .filter((i) => entry.spans[2 * i + 1] > entry.spans[2 * i])
    .map((i) => body.toString('utf8', entry.spans[2 * i], entry.spans[2 * i + 1]));
  return jsonDocument(`[${parts.join(',')}]`);
}

/** Frameworks: import (one transaction), reads for the console and for miniDyi, delete unless used. */
@Injectable()
export class ImpactFrameworkService {
  constructor(
    private readonly frameworks: ImpactFrameworkRepository,
    private readonly cache: FrameworkReadCache,
  ) {}

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
    const deleted = await this.frameworks.transaction(async (m) => {
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
    // After the commit: a read that started before it is not kept either (see ReadThroughCache).
    this.cache.clear();
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

  /** GetStakeholderType: a framework's stakeholders in file order, serialized once. */
  async stakeholders(frameworkId: string): Promise<JsonDocument> {
    const answer = await this.cache.stakeholders.get(frameworkId.toLowerCase(), async () => {
      const json = await this.frameworks.findStakeholdersJson(frameworkId);
      return json === undefined ? undefined : jsonDocument(json);
    });
    if (!answer) throw FRAMEWORK_NOT_FOUND();
    return answer;
  }

  /** GetOutcomeType: the outcomes of a framework under the SDG codes given (all of them for an empty list), serialized once. */
  async outcomeTypes(frameworkId: string, sdgs: number[]): Promise<JsonDocument> {
    const codes = [...sdgs].sort((a, b) => a - b);
    const answer = await this.cache.outcomes.get(`${frameworkId.toLowerCase()}:${codes.join(',')}`, async () => {
      const json = await this.frameworks.findOutcomesJson(frameworkId, codes);
      return json === undefined ? undefined : jsonDocument(json);
    });
    if (!answer) throw FRAMEWORK_NOT_FOUND();
    return answer;
  }

  /**
   * GetIndicatorType: the indicator-proxy chains of the outcomes given, in their order.
   * Cached by the ascending ids (the order the applicant app asks in); another order is
   * put together from the cached parts. Answers naming an unknown outcome are not kept.
   */
  async indicatorTypes(outcomeIds: string[]): Promise<JsonDocument> {
    if (outcomeIds.length === 0) return EMPTY_LIST;
    const ids = [...outcomeIds].sort();
    const entry = (await this.cache.chains.get(
      ids.join(','),
      async () => chainsEntry(await this.frameworks.findIndicatorChainsJson(ids)),
      (e) => e.complete,
    ))!;
    if (outcomeIds.every((id, i) => id === ids[i])) return entry.answer;
    // Browsers send the outcomes in the order they were chosen: each order is cut from the set's
    // answer once, then kept (a document is hashed and compressed once, not on every request).
    const ordered = await this.cache.orderedChains.get(
      outcomeIds.join(','),
      () => Promise.resolve(reorderedChains(entry, ids, outcomeIds)),
      () => entry.complete,
    );
    return ordered!;
  }
}
