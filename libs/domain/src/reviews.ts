/**
 * Review panel rules: score validation against a call's rubric, review and aggregate scores,
 * conflicts of interest, automatic assignment of reviewers and review phases. Pure functions
 * shared by the API (which enforces them) and the apps (which show them).
 */

export const RECOMMENDATIONS = ['fund', 'maybe', 'do-not-fund'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const DECISIONS = ['shortlisted', 'approved', 'rejected', 'waiting-list'] as const;
export type Decision = (typeof DECISIONS)[number];
export const SEE_OTHERS = ['always', 'after-own', 'never'] as const;
export type SeeOthers = (typeof SEE_OTHERS)[number];
export const AGGREGATES = ['mean', 'median'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export interface Criterion {
  id: string;
  min: number;
  max: number;
  step: number;
  weight: number;
  required: boolean;
}
/** Criterion id -> score (null = cleared). */
export type Scores = Record<string, number | null>;

// Decimal steps (0.1, 0.25) never divide exactly in binary floating point.
const EPSILON = 1e-9;

function isWhole(x: number): boolean {
  return Number.isFinite(x) && Math.abs(x - Math.round(x)) <= EPSILON;
}

function round2(x: number): number {
  return Math.round((x + Number.EPSILON) * 100) / 100;
}

/** One problem of a set of scores against the rubric, for 400 answers naming the field. */
export interface ScoreProblem {
  criterionId: string;
  reason: 'unknown' | 'out-of-scale' | 'off-step' | 'missing';
}

/** Problems of scores being SAVED (draft): unknown criterion, a number outside [min,max], not min + k*step. Never 'missing'. */
export function scoreProblems(criteria: readonly Criterion[], scores: Scores): ScoreProblem[] {
  const byId = new Map(criteria.map((c) => [c.id, c]));
  const problems: ScoreProblem[] = [];
  for (const [criterionId, score] of Object.entries(scores)) {
    const c = byId.get(criterionId);
    if (!c) {
      problems.push({ criterionId, reason: 'unknown' });
      continue;
    }
    if (score === null || score === undefined) continue;
    if (typeof score !== 'number' || !Number.isFinite(score) || score < c.min - EPSILON || score > c.max + EPSILON) {
      problems.push({ criterionId, reason: 'out-of-scale' });
    } else if (!isWhole((score - c.min) / c.step)) {
      problems.push({ criterionId, reason: 'off-step' });
    }
  }
  return problems;
}

/** Problems for SUBMITTING: the above plus 'missing' for each required criterion without a score; an abstention needs no scores. */
export function submitProblems(criteria: readonly Criterion[], scores: Scores, abstained: boolean): ScoreProblem[] {
  if (abstained) return [];
  const problems = scoreProblems(criteria, scores);
  for (const c of criteria) {
    if (c.required && (scores[c.id] === null || scores[c.id] === undefined)) {
      problems.push({ criterionId: c.id, reason: 'missing' });
    }
  }
  return problems;
}

/** A criterion-rubric validity check for the console: min < max, step > 0 dividing max - min, weight > 0. The field at fault or undefined. */
export function criterionProblem(c: Pick<Criterion, 'min' | 'max' | 'step' | 'weight'>): 'min' | 'max' | 'step' | 'weight' | undefined {
  if (!Number.isFinite(c.min)) return 'min';
  if (!Number.isFinite(c.max) || c.max <= c.min) return 'max';
  if (!Number.isFinite(c.step) || c.step <= 0 || !isWhole((c.max - c.min) / c.step)) return 'step';
  if (!Number.isFinite(c.weight) || c.weight <= 0) return 'weight';
  return undefined;
}

/** A review's score on 0..100: the weighted mean of the normalized scores of the criteria scored; null when none scored. */
export function reviewScore(criteria: readonly Criterion[], scores: Scores): number | null {
  let weighted = 0;
  let weights = 0;
  for (const c of criteria) {
    const s = scores[c.id];
    if (typeof s !== 'number' || !Number.isFinite(s) || c.max <= c.min) continue;
    weighted += (c.weight * (s - c.min)) / (c.max - c.min);
    weights += c.weight;
  }
  return weights > 0 ? round2((weighted / weights) * 100) : null;
}

function present(scores: readonly (number | null)[]): number[] {
  return scores.filter((s): s is number => typeof s === 'number' && Number.isFinite(s));
}

/** Aggregate of the review scores given (nulls ignored): mean or median; null when none. */
export function aggregateScores(scores: readonly (number | null)[], how: Aggregate): number | null {
  const values = present(scores);
  if (values.length === 0) return null;
  if (how === 'mean') return round2(values.reduce((a, b) => a + b, 0) / values.length);
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return round2(values.length % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2);
}

/** max - min of the non-null scores; null with fewer than 2. */
export function scoreSpread(scores: readonly (number | null)[]): number | null {
  const values = present(scores);
  if (values.length < 2) return null;
  return round2(Math.max(...values) - Math.min(...values));
}

/**
 * Competition ranks by score, highest first ("1, 2, 2, 4"), in the order of `scores`; an
 * application without a score has no rank.
 */
export function rankByScore(scores: readonly (number | null)[]): (number | null)[] {
  const scored = scores.filter((s): s is number => s !== null).sort((a, b) => b - a);
  const first = new Map<number, number>();
  scored.forEach((s, i) => first.has(s) || first.set(s, i + 1));
  return scores.map((s) => (s === null ? null : first.get(s)!));
}

export function isDisagreement(spread: number | null, threshold: number): boolean {
  return spread !== null && spread > threshold;
}

/** Public mail providers: sharing one says nothing about belonging to the same organization. */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.it',
  'outlook.fr',
  'hotmail.com',
  'hotmail.it',
  'hotmail.fr',
  'hotmail.co.uk',
  'hotmail.de',
  'hotmail.es',
  'live.com',
  'live.it',
  'live.fr',
  'msn.com',
  'yahoo.com',
  'yahoo.it',
  'yahoo.fr',
  'yahoo.co.uk',
  'yahoo.de',
  'yahoo.es',
  'ymail.com',
  'libero.it',
  'virgilio.it',
  'tiscali.it',
  'alice.it',
  'tim.it',
  'fastwebnet.it',
  'inwind.it',
  'email.it',
  'pec.it',
  'legalmail.it',
  'postacert.it',
  'arubapec.it',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'wanadoo.fr',
  'sfr.fr',
  'neuf.fr',
  'bbox.fr',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'gmx.fr',
  'gmx.it',
  'web.de',
  't-online.de',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'aol.com',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'tutanota.com',
  'fastmail.com',
]);

/** The lowercase part after the last @, '' if none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Why a reviewer may not review an application (membership, shared private mail domain, declared), checked in this order, or undefined. */
export function conflictReason(x: {
  reviewerEmail: string;
  reviewerOrganizationIds: readonly string[];
  organizationId: string;
  organizationEmail: string;
  declared: boolean;
}): 'member' | 'domain' | 'declared' | undefined {
  if (x.reviewerOrganizationIds.includes(x.organizationId)) return 'member';
  const domain = emailDomain(x.reviewerEmail);
  if (domain && domain === emailDomain(x.organizationEmail) && !PUBLIC_MAIL_DOMAINS.has(domain)) return 'domain';
  if (x.declared) return 'declared';
  return undefined;
}

export interface AssignmentInput {
  applications: readonly { id: string; conflicts: ReadonlySet<string> }[];
  reviewers: readonly string[];
  existing: readonly { applicationId: string; reviewerId: string }[];
  perApplication: number;
}
export interface AssignmentPlan {
  add: { applicationId: string; reviewerId: string }[];
  /** Existing pairs now conflicted or whose reviewer or application is gone. */
  remove: { applicationId: string; reviewerId: string }[];
  /** Applications without enough eligible reviewers. */
  unfilled: { applicationId: string; missing: number }[];
  /** Final load per reviewer id. */
  loads: Record<string, number>;
}

/**
 * Automatic assignment: keeps the existing pairs still allowed, then gives each application its
 * missing reviewers, each slot to the least-loaded eligible reviewer (ties by reviewer order), the
 * applications with the fewest eligible reviewers first so that constrained ones get served.
 */
export function planAssignments(input: AssignmentInput): AssignmentPlan {
  const reviewers = [...new Set(input.reviewers)];
  const indexOf = new Map(reviewers.map((r, i) => [r, i]));
  const load = new Array<number>(reviewers.length).fill(0);
  const apps = new Map<string, { id: string; conflicts: ReadonlySet<string>; assigned: Set<number>; order: number }>();
  input.applications.forEach((a, order) => {
    if (!apps.has(a.id)) apps.set(a.id, { id: a.id, conflicts: a.conflicts, assigned: new Set(), order });
  });

  const remove: AssignmentPlan['remove'] = [];
  for (const pair of input.existing) {
    const app = apps.get(pair.applicationId);
    const r = indexOf.get(pair.reviewerId);
    if (!app || r === undefined || app.conflicts.has(pair.reviewerId)) {
      remove.push({ applicationId: pair.applicationId, reviewerId: pair.reviewerId });
    } else if (!app.assigned.has(r)) {
      // A repeated existing pair is the same assignment: counted once, left in place.
      app.assigned.add(r);
      load[r]++;
    }
  }

  // Reviewers bucketed by load, each bucket in reviewer order: the first eligible one found
  // scanning from the lowest load is the least-loaded, ties going to the earlier reviewer.
  const buckets: number[][] = [];
  load.forEach((l, r) => (buckets[l] ??= []).push(r));
  let lowest = 0;
  const bump = (r: number) => {
    const from = buckets[load[r]];
    from.splice(from.indexOf(r), 1);
    load[r]++;
    const to = (buckets[load[r]] ??= []);
    let lo = 0;
    let hi = to.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (to[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    to.splice(lo, 0, r);
    while (lowest < buckets.length && !buckets[lowest]?.length) lowest++;
  };
  while (lowest < buckets.length && !buckets[lowest]?.length) lowest++;

  const pick = (app: { conflicts: ReadonlySet<string>; assigned: Set<number> }): number | undefined => {
    for (let l = lowest; l < buckets.length; l++) {
      const bucket = buckets[l];
      if (!bucket) continue;
      for (const r of bucket) if (!app.assigned.has(r) && !app.conflicts.has(reviewers[r])) return r;
    }
    return undefined;
  };

  const queue = [...apps.values()].map((app) => {
    let conflicted = 0;
    for (const id of app.conflicts) if (indexOf.has(id)) conflicted++;
    return { app, eligible: reviewers.length - conflicted };
  });
  queue.sort((a, b) => a.eligible - b.eligible || a.app.order - b.app.order);

  const add: AssignmentPlan['add'] = [];
  const unfilled: AssignmentPlan['unfilled'] = [];
  for (const { app, eligible } of queue) {
    let missing = input.perApplication - app.assigned.size;
    while (missing > 0 && app.assigned.size < eligible) {
      const r = pick(app);
      if (r === undefined) break;
      app.assigned.add(r);
      add.push({ applicationId: app.id, reviewerId: reviewers[r] });
      bump(r);
      missing--;
    }
    if (missing > 0) unfilled.push({ applicationId: app.id, missing });
  }

  unfilled.sort((a, b) => apps.get(a.applicationId)!.order - apps.get(b.applicationId)!.order);
  const loads: Record<string, number> = {};
  reviewers.forEach((r, i) => (loads[r] = load[i]));
  return { add, remove, unfilled, loads };
}

/** Review phases. */
export interface ReviewPhase {
  id: string;
  startsAt: string | Date;
  endsAt: string | Date;
  mayScore: boolean;
  seeOthers: SeeOthers;
  blind: boolean;
  mayDecide: boolean;
}

function time(d: string | Date): number {
  return (d instanceof Date ? d : new Date(d)).getTime();
}

/** The phase started last among those under way (startsAt <= now < endsAt), else undefined. */
function latestStarted<P extends Pick<ReviewPhase, 'startsAt' | 'endsAt'>>(
  phases: readonly P[],
  now: Date,
  running: boolean,
): P | undefined {
  const t = now.getTime();
  let best: P | undefined;
  let bestStart = -Infinity;
  for (const p of phases) {
    const start = time(p.startsAt);
    if (!(start <= t) || (running && !(t < time(p.endsAt)))) continue;
    if (best === undefined || start > bestStart) {
      best = p;
      bestStart = start;
    }
  }
  return best;
}

/** The phase in force at `now` (startsAt <= now < endsAt; the one starting latest if several), else undefined. */
export function currentPhase<P extends ReviewPhase>(phases: readonly P[], now: Date): P | undefined {
  return latestStarted(phases, now, true);
}

/** Phases must have startsAt < endsAt and not overlap: the first phase at fault (a later one overlapping an earlier one) and why, or undefined. */
export function phaseProblem(
  phases: readonly Pick<ReviewPhase, 'startsAt' | 'endsAt'>[],
): { index: number; reason: 'dates' | 'overlap' } | undefined {
  const spans = phases.map((p) => [time(p.startsAt), time(p.endsAt)] as const);
  for (let i = 0; i < spans.length; i++) {
    const [start, end] = spans[i];
    if (!(start < end)) return { index: i, reason: 'dates' };
    for (let j = 0; j < i; j++) {
      const [s, e] = spans[j];
      if (s < e && start < e && s < end) return { index: i, reason: 'overlap' };
    }
  }
  return undefined;
}

/** Whether a reviewer sees the other reviews of an application now. */
export function seesOtherReviews(phase: ReviewPhase | undefined, ownSubmitted: boolean): boolean {
  if (!phase) return false;
  return phase.seeOthers === 'always' || (phase.seeOthers === 'after-own' && ownSubmitted);
}

/**
 * Identities are withheld when the phase in force is blind; between or after phases the last phase
 * started decides, before any the first one, so the call's blindness holds outside its phases too.
 */
export function isBlind(phases: readonly ReviewPhase[], now: Date): boolean {
  const phase = currentPhase(phases, now) ?? latestStarted(phases, now, false);
  if (phase) return phase.blind;
  let first: ReviewPhase | undefined;
  for (const p of phases) if (!first || time(p.startsAt) < time(first.startsAt)) first = p;
  return first?.blind ?? false;
}

export const REVIEW_STATES = ['to-do', 'in-progress', 'done'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** A review's state: submitted, saved at least once, or not started. */
export function reviewState(r: { savedAt: Date | string | null; submittedAt: Date | string | null }): ReviewState {
  return r.submittedAt ? 'done' : r.savedAt ? 'in-progress' : 'to-do';
}
