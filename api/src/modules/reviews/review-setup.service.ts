import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { criterionProblem, currentPhase, phaseProblem, type Aggregate } from '@impact-calls/domain';
import { callNotFound } from '../../common/access/access.policy.js';
import { badRequest, conflict } from '../../common/http/app-error.js';
import type {
  CriterionDto,
  CriterionInputDto,
  ReviewPhaseDto,
  ReviewPhaseInputDto,
  ReviewSettingsDto,
  ReviewSetupDto,
  SaveRubricDto,
} from './dto/reviews.dto.js';
import { ReviewRepository, type CriterionRow } from './review.repository.js';
import { AuditService } from '../audit/audit.service.js';

export const DEFAULT_SETTINGS: ReviewSettingsDto = { reviewsPerApplication: 3, aggregate: 'mean', disagreementThreshold: 30 };

type CriterionRecord = Omit<Awaited<ReturnType<ReviewRepository['criteria']>>[number], 'retiredAt'> & { retiredAt: Date | string | null };

export function toCriterionDto(c: CriterionRecord): CriterionDto {
  return {
    id: c.id,
    name: c.name,
    guidance: (c.guidance ?? {}) as Record<string, string>,
    min: c.minScore,
    max: c.maxScore,
    step: c.step,
    weight: c.weight,
    required: c.required,
    retired: c.retiredAt !== null,
  };
}

export function toPhaseDto(p: Awaited<ReturnType<ReviewRepository['phases']>>[number]): ReviewPhaseDto {
  return {
    id: p.id,
    name: p.name,
    startsAt: new Date(p.startsAt).toISOString(),
    endsAt: new Date(p.endsAt).toISOString(),
    mayScore: p.mayScore,
    seeOthers: p.seeOthers as ReviewPhaseDto['seeOthers'],
    blind: p.blind,
    mayDecide: p.mayDecide,
  };
}

/** The domain's view of a criterion (min/max named as the rubric names them). */
export const asCriterion = (c: CriterionDto) => ({
  id: c.id,
  min: c.min,
  max: c.max,
  step: c.step,
  weight: c.weight,
  required: c.required,
});

/** A call's review setup: settings, phases and rubric. */
@Injectable()
export class ReviewSetupService {
  constructor(
    private readonly repo: ReviewRepository,
    private readonly audit: AuditService,
  ) {}

  async requireCall(callId: string): Promise<{ id: string; name: string }> {
    const call = await this.repo.call(callId);
    if (!call) throw callNotFound();
    return call;
  }

  async settings(callId: string): Promise<ReviewSettingsDto> {
    const s = await this.repo.settings(callId);
    return s ? { ...s, aggregate: s.aggregate as Aggregate } : DEFAULT_SETTINGS;
  }

  async get(callId: string): Promise<ReviewSetupDto> {
    const call = await this.requireCall(callId);
    const [settings, phases, criteria, scoringStarted, pendingDecisions] = await Promise.all([
      this.settings(callId),
      this.repo.phases(callId),
      this.repo.criteria(callId),
      this.repo.scoringStarted(callId),
      this.repo.pendingDecisions(callId),
    ]);
    const dtos = phases.map(toPhaseDto);
    return {
      callId,
      callName: call.name,
      settings,
      phases: dtos,
      criteria: criteria.filter((c) => c.retiredAt === null).map(toCriterionDto),
      scoringStarted,
      currentPhaseId: currentPhase(dtos, new Date())?.id ?? null,
      pendingDecisions,
    };
  }

  async saveSettings(callId: string, dto: ReviewSettingsDto): Promise<ReviewSettingsDto> {
    const call = await this.requireCall(callId);
    const before = await this.settings(callId);
    await this.repo.reviewsTransaction(async (m) => {
      await this.repo.saveSettings(callId, dto, m);
      const after = {
        reviewsPerApplication: dto.reviewsPerApplication,
        aggregate: dto.aggregate,
        disagreementThreshold: dto.disagreementThreshold,
      };
      await this.audit.record(m, { action: 'review-setup.settings', entity: 'call', entityId: callId, summary: call.name, before, after });
    });
    return this.settings(callId);
  }

  async savePhases(callId: string, input: ReviewPhaseInputDto[]): Promise<ReviewPhaseDto[]> {
    const call = await this.requireCall(callId);
    const sorted = [...input].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const problem = phaseProblem(sorted);
    if (problem) {
      const index = input.indexOf(sorted[problem.index]);
      throw badRequest('errors.review.phases', `Phase ${index + 1}: ${problem.reason}`, {
        errors: { [`phases[${index}]`]: problem.reason },
      });
    }
    const before = await this.repo.phases(callId);
    const known = new Set(before.map((p) => p.id));
    await this.repo.transaction(async (m) => {
      await this.repo.lockCall(m, callId);
      const phases = sorted.map((p) => ({ ...p, id: p.id && known.has(p.id) ? p.id : randomUUID() }));
      await this.repo.replacePhases(m, callId, phases);
      const event = { action: 'review-setup.phases', entity: 'call', entityId: callId, summary: call.name };
      await this.audit.record(m, { ...event, before: { phases: before }, after: { phases } });
    });
    return (await this.repo.phases(callId)).map(toPhaseDto);
  }

  /**
   * Replaces the rubric. Before any score it is rewritten; after, a criterion whose scale, weight or
   * requirement changes is retired and replaced (scores given keep their meaning), and only with `confirmed`.
   */
  async saveRubric(callId: string, dto: SaveRubricDto): Promise<CriterionDto[]> {
    const call = await this.requireCall(callId);
    dto.criteria.forEach((c, i) => {
      const field = criterionProblem(c);
      if (field)
        throw badRequest('errors.review.criterion', `Criterion ${i + 1}: ${field}`, { errors: { [`criteria[${i}].${field}`]: 'invalid' } });
    });
    await this.repo.transaction(async (m) => {
      await this.repo.lockCall(m, callId);
      const current = (await this.repo.criteria(callId, m)).filter((c) => c.retiredAt === null);
      const started = await this.repo.scoringStarted(callId, m);
      const rows = dto.criteria.map((c, position) => toRow(c, position));
      // Written first: a refusal below rolls it back with the rest.
      const event = { action: 'review-setup.rubric', entity: 'call', entityId: callId, summary: call.name };
      await this.audit.record(m, { ...event, before: { criteria: current.map(toCriterionDto) }, after: { criteria: rows } });
      if (!started) {
        await this.repo.deleteCriteria(m, callId);
        const known = new Set(current.map((c) => c.id));
        for (const row of rows)
          await this.repo.insertCriterion(m, callId, { ...row, id: row.id && known.has(row.id) ? row.id : randomUUID() });
        return;
      }
      const byId = new Map(current.map((c) => [c.id, c]));
      const changed = rows.some((r) => !r.id || !byId.has(r.id) || !sameMeaning(byId.get(r.id)!, r)) || current.length !== rows.length;
      if (changed && !dto.confirmed)
        throw conflict('errors.review.rubric-confirm', 'Scoring has started: confirm to change the criteria (scores given are kept)');
      const kept = new Set<string>();
      for (const row of rows) {
        const old = row.id ? byId.get(row.id) : undefined;
        if (old && sameMeaning(old, row)) {
          kept.add(old.id);
          await this.repo.updateCriterionText(m, { id: old.id, name: row.name, guidance: row.guidance, position: row.position });
        } else {
          await this.repo.insertCriterion(m, callId, { ...row, id: randomUUID() });
        }
      }
      await this.repo.retireCriteria(
        m,
        current.filter((c) => !kept.has(c.id)).map((c) => c.id),
      );
    });
    return (await this.repo.criteria(callId)).filter((c) => c.retiredAt === null).map(toCriterionDto);
  }
}

function toRow(c: CriterionInputDto, position: number): CriterionRow & { id: string } {
  const guidance = Object.fromEntries(
    Object.entries(c.guidance ?? {}).filter(([k, v]) => ['it', 'en', 'fr'].includes(k) && typeof v === 'string' && v.trim()),
  );
  return {
    id: c.id ?? '',
    name: c.name,
    guidance,
    minScore: c.min,
    maxScore: c.max,
    step: c.step,
    weight: c.weight,
    required: c.required,
    position,
  };
}

/** Whether a score given against `old` means the same against `row` (the texts may change freely). */
function sameMeaning(old: CriterionRecord, row: CriterionRow): boolean {
  return (
    old.minScore === row.minScore &&
    old.maxScore === row.maxScore &&
    old.step === row.step &&
    old.weight === row.weight &&
    old.required === row.required
  );
}
