import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregateScores,
  conflictReason,
  criterionProblem,
  currentPhase,
  emailDomain,
  isBlind,
  isDisagreement,
  phaseProblem,
  planAssignments,
  PUBLIC_MAIL_DOMAINS,
  rankByScore,
  reviewScore,
  scoreProblems,
  scoreSpread,
  seesOtherReviews,
  submitProblems,
  type AssignmentInput,
  type AssignmentPlan,
  type Criterion,
  type ReviewPhase,
} from './reviews.js';

const CRITERIA: Criterion[] = [
  { id: 'impact', min: 0, max: 10, step: 1, weight: 2, required: true },
  { id: 'team', min: 1, max: 5, step: 0.5, weight: 1, required: true },
  { id: 'budget', min: 0, max: 1, step: 0.1, weight: 1, required: false },
];

describe('scoreProblems', () => {
  it('accepts scores on the scale and step, cleared ones and partial drafts', () => {
    expect(scoreProblems(CRITERIA, { impact: 7, team: 4.5, budget: 0.3 })).toEqual([]);
    expect(scoreProblems(CRITERIA, { impact: null })).toEqual([]);
    expect(scoreProblems(CRITERIA, {})).toEqual([]);
    expect(scoreProblems(CRITERIA, { impact: 0, team: 5, budget: 1 })).toEqual([]);
  });

  it('names unknown criteria, scores off the scale and off the step', () => {
    expect(scoreProblems(CRITERIA, { nope: 1, impact: 11, team: 4.2, budget: -0.1 })).toEqual([
      { criterionId: 'nope', reason: 'unknown' },
      { criterionId: 'impact', reason: 'out-of-scale' },
      { criterionId: 'team', reason: 'off-step' },
      { criterionId: 'budget', reason: 'out-of-scale' },
    ]);
    expect(scoreProblems(CRITERIA, { impact: Number.NaN })).toEqual([{ criterionId: 'impact', reason: 'out-of-scale' }]);
    expect(scoreProblems(CRITERIA, { team: 0.5 })).toEqual([{ criterionId: 'team', reason: 'out-of-scale' }]);
  });
});

describe('submitProblems', () => {
  it('adds the required criteria without a score', () => {
    expect(submitProblems(CRITERIA, { impact: 3, team: null }, false)).toEqual([{ criterionId: 'team', reason: 'missing' }]);
    expect(submitProblems(CRITERIA, { impact: 3.5 }, false)).toEqual([
      { criterionId: 'impact', reason: 'off-step' },
      { criterionId: 'team', reason: 'missing' },
    ]);
    expect(submitProblems(CRITERIA, { impact: 3, team: 2 }, false)).toEqual([]);
  });

  it('asks nothing of an abstention', () => {
    expect(submitProblems(CRITERIA, {}, true)).toEqual([]);
    expect(submitProblems(CRITERIA, { nope: 1 }, true)).toEqual([]);
  });
});

describe('criterionProblem', () => {
  it('accepts a sound rubric, decimal steps included', () => {
    expect(criterionProblem({ min: 0, max: 10, step: 1, weight: 1 })).toBeUndefined();
    expect(criterionProblem({ min: 0, max: 1, step: 0.1, weight: 0.5 })).toBeUndefined();
    expect(criterionProblem({ min: -2, max: 2, step: 0.25, weight: 3 })).toBeUndefined();
  });

  it('names the field at fault', () => {
    expect(criterionProblem({ min: Number.NaN, max: 10, step: 1, weight: 1 })).toBe('min');
    expect(criterionProblem({ min: 5, max: 5, step: 1, weight: 1 })).toBe('max');
    expect(criterionProblem({ min: 5, max: 1, step: 1, weight: 1 })).toBe('max');
    expect(criterionProblem({ min: 0, max: 10, step: 0, weight: 1 })).toBe('step');
    expect(criterionProblem({ min: 0, max: 10, step: 3, weight: 1 })).toBe('step');
    expect(criterionProblem({ min: 0, max: 10, step: 1, weight: 0 })).toBe('weight');
  });
});

describe('reviewScore', () => {
  it('is the weighted mean of the normalized scores, on 0..100', () => {
    expect(reviewScore(CRITERIA, { impact: 10, team: 5, budget: 1 })).toBe(100);
    expect(reviewScore(CRITERIA, { impact: 0, team: 1, budget: 0 })).toBe(0);
    // (2 * 0.5 + 1 * 0.75) / 3
    expect(reviewScore(CRITERIA, { impact: 5, team: 4 })).toBe(58.33);
  });

  it('ignores cleared scores and unknown ids; null when nothing is scored', () => {
    expect(reviewScore(CRITERIA, { impact: 7, team: null, nope: 3 })).toBe(70);
    expect(reviewScore(CRITERIA, { team: null })).toBeNull();
    expect(reviewScore(CRITERIA, { nope: 3 })).toBeNull();
  });
});

describe('aggregateScores, scoreSpread, isDisagreement', () => {
  it('takes the mean or the median of the scores given', () => {
    expect(aggregateScores([10, null, 20, 60], 'mean')).toBe(30);
    expect(aggregateScores([10, null, 20, 60], 'median')).toBe(20);
    expect(aggregateScores([10, 20, 60, 70], 'median')).toBe(40);
    expect(aggregateScores([1, 2, 2], 'mean')).toBe(1.67);
    expect(aggregateScores([null], 'mean')).toBeNull();
    expect(aggregateScores([], 'median')).toBeNull();
  });

  it('measures the spread of two scores or more', () => {
    expect(scoreSpread([70.1, null, 50.2, 60])).toBe(19.9);
    expect(scoreSpread([70, null])).toBeNull();
    expect(scoreSpread([])).toBeNull();
    expect(isDisagreement(30, 25)).toBe(true);
    expect(isDisagreement(25, 25)).toBe(false);
    expect(isDisagreement(null, 0)).toBe(false);
  });
});

describe('rankByScore', () => {
  it('gives competition ranks, highest first, and none without a score', () => {
    expect(rankByScore([50, null, 85, 50, 10])).toEqual([2, null, 1, 2, 4]);
    expect(rankByScore([])).toEqual([]);
  });

  it('ranks each score by how many score higher', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 100 }), { nil: null })), (scores) => {
        const ranks = rankByScore(scores);
        scores.forEach((s, i) => expect(ranks[i]).toBe(s === null ? null : 1 + scores.filter((o) => o !== null && o > s).length));
      }),
    );
  });
});

describe('conflicts', () => {
  it('reads the domain of an address', () => {
    expect(emailDomain('Anna@Example.ORG')).toBe('example.org');
    expect(emailDomain('"a@b"@x.it')).toBe('x.it');
    expect(emailDomain('nobody')).toBe('');
    expect(PUBLIC_MAIL_DOMAINS.has('gmail.com')).toBe(true);
  });

  const base = {
    reviewerEmail: 'rev@acme.org',
    reviewerOrganizationIds: ['o2'],
    organizationId: 'o1',
    organizationEmail: 'info@other.org',
    declared: false,
  };

  it('gives the first reason in order: member, domain, declared', () => {
    expect(conflictReason(base)).toBeUndefined();
    expect(conflictReason({ ...base, reviewerOrganizationIds: ['o1'], organizationEmail: 'x@ACME.org', declared: true })).toBe('member');
    expect(conflictReason({ ...base, organizationEmail: 'x@ACME.org', declared: true })).toBe('domain');
    expect(conflictReason({ ...base, declared: true })).toBe('declared');
  });

  it('never counts a public provider as a shared domain', () => {
    expect(conflictReason({ ...base, reviewerEmail: 'a@gmail.com', organizationEmail: 'b@Gmail.com' })).toBeUndefined();
    expect(conflictReason({ ...base, reviewerEmail: 'a@libero.it', organizationEmail: 'b@libero.it' })).toBeUndefined();
    expect(conflictReason({ ...base, reviewerEmail: 'a', organizationEmail: 'b' })).toBeUndefined();
  });
});

describe('planAssignments', () => {
  const none = new Set<string>();

  it('fills each application with the least-loaded reviewers, ties by reviewer order', () => {
    const plan = planAssignments({
      applications: [
        { id: 'a1', conflicts: none },
        { id: 'a2', conflicts: none },
      ],
      reviewers: ['r1', 'r2', 'r3'],
      existing: [],
      perApplication: 2,
    });
    expect(plan.add).toEqual([
      { applicationId: 'a1', reviewerId: 'r1' },
      { applicationId: 'a1', reviewerId: 'r2' },
      { applicationId: 'a2', reviewerId: 'r3' },
      { applicationId: 'a2', reviewerId: 'r1' },
    ]);
    expect(plan.remove).toEqual([]);
    expect(plan.unfilled).toEqual([]);
    expect(plan.loads).toEqual({ r1: 2, r2: 1, r3: 1 });
  });

  it('serves constrained applications first, removes conflicted and stale pairs, reports unfilled ones', () => {
    const plan = planAssignments({
      applications: [
        { id: 'a1', conflicts: none },
        { id: 'a2', conflicts: new Set(['r1', 'r2']) },
        { id: 'a3', conflicts: new Set(['r1', 'r2', 'r3']) },
      ],
      reviewers: ['r1', 'r2', 'r3'],
      existing: [
        { applicationId: 'a2', reviewerId: 'r1' },
        { applicationId: 'gone', reviewerId: 'r2' },
        { applicationId: 'a1', reviewerId: 'left' },
        { applicationId: 'a1', reviewerId: 'r2' },
      ],
      perApplication: 1,
    });
    expect(plan.remove).toEqual([
      { applicationId: 'a2', reviewerId: 'r1' },
      { applicationId: 'gone', reviewerId: 'r2' },
      { applicationId: 'a1', reviewerId: 'left' },
    ]);
    expect(plan.add).toEqual([{ applicationId: 'a2', reviewerId: 'r3' }]);
    expect(plan.unfilled).toEqual([{ applicationId: 'a3', missing: 1 }]);
    expect(plan.loads).toEqual({ r1: 0, r2: 1, r3: 1 });
  });

  it('keeps existing pairs beyond the number asked', () => {
    const existing = ['r1', 'r2', 'r3'].map((reviewerId) => ({ applicationId: 'a1', reviewerId }));
    const plan = planAssignments({
      applications: [{ id: 'a1', conflicts: none }],
      reviewers: ['r1', 'r2', 'r3'],
      existing,
      perApplication: 2,
    });
    expect(plan).toEqual({ add: [], remove: [], unfilled: [], loads: { r1: 1, r2: 1, r3: 1 } });
  });

  const key = (p: { applicationId: string; reviewerId: string }) => `${p.applicationId}|${p.reviewerId}`;
  /** The pairs in place once a plan is applied to `existing`. */
  const applied = (existing: AssignmentInput['existing'], plan: AssignmentPlan) => {
    const removed = new Set(plan.remove.map(key));
    const kept = new Map(existing.filter((p) => !removed.has(key(p))).map((p) => [key(p), p]));
    for (const p of plan.add) kept.set(key(p), p);
    return [...kept.values()];
  };

  const scenario = fc
    .record({
      apps: fc.integer({ min: 0, max: 30 }),
      reviewers: fc.integer({ min: 1, max: 12 }),
      perApplication: fc.integer({ min: 0, max: 5 }),
      seed: fc.array(fc.tuple(fc.nat(40), fc.nat(15)), { maxLength: 60 }),
      existing: fc.array(fc.tuple(fc.nat(40), fc.nat(15)), { maxLength: 40 }),
    })
    .map(({ apps, reviewers, perApplication, seed, existing }): AssignmentInput => {
      const reviewerIds = Array.from({ length: reviewers }, (_, i) => `r${i}`);
      const conflicts = Array.from({ length: apps }, () => new Set<string>());
      for (const [a, r] of seed) if (a < apps) conflicts[a].add(`r${r}`);
      return {
        applications: conflicts.map((c, i) => ({ id: `a${i}`, conflicts: c })),
        reviewers: reviewerIds,
        // Some pairs name applications or reviewers that are not (or no longer) listed.
        existing: existing.map(([a, r]) => ({ applicationId: `a${a}`, reviewerId: `r${r}` })),
        perApplication,
      };
    });

  it('balances loads within one when there are no conflicts and no existing pairs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 25 }),
        (apps, reviewers, per) => {
          const plan = planAssignments({
            applications: Array.from({ length: apps }, (_, i) => ({ id: `a${i}`, conflicts: none })),
            reviewers: Array.from({ length: reviewers }, (_, i) => `r${i}`),
            existing: [],
            perApplication: per,
          });
          const loads = Object.values(plan.loads);
          expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
          expect(plan.add.length).toBe(apps * Math.min(per, reviewers));
        },
      ),
    );
  });

  it('never adds or keeps a conflicted pair, never twice the same pair, and fills what can be filled', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const plan = planAssignments(input);
        const result = applied(input.existing, plan);
        const conflicts = new Map(input.applications.map((a) => [a.id, a.conflicts]));
        const reviewers = new Set(input.reviewers);
        for (const p of result) {
          expect(conflicts.has(p.applicationId)).toBe(true);
          expect(reviewers.has(p.reviewerId)).toBe(true);
          expect(conflicts.get(p.applicationId)!.has(p.reviewerId)).toBe(false);
        }
        const added = plan.add.map(key);
        expect(new Set(added).size).toBe(added.length);
        const existingKeys = new Set(input.existing.map(key));
        for (const k of added) expect(existingKeys.has(k)).toBe(false);

        const perApp = new Map<string, number>();
        for (const p of result) perApp.set(p.applicationId, (perApp.get(p.applicationId) ?? 0) + 1);
        const unfilled = new Map(plan.unfilled.map((u) => [u.applicationId, u.missing]));
        for (const a of input.applications) {
          const eligible = input.reviewers.filter((r) => !a.conflicts.has(r)).length;
          const has = perApp.get(a.id) ?? 0;
          if (eligible >= input.perApplication) {
            expect(has).toBeGreaterThanOrEqual(input.perApplication);
            expect(unfilled.has(a.id)).toBe(false);
          } else {
            expect(has).toBe(eligible);
            expect(unfilled.get(a.id)).toBe(input.perApplication - eligible);
          }
        }

        const loads: Record<string, number> = Object.fromEntries(input.reviewers.map((r) => [r, 0]));
        for (const p of result) loads[p.reviewerId]++;
        expect(plan.loads).toEqual(loads);
      }),
    );
  });

  it('is idempotent: planning again on its own result changes nothing', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const plan = planAssignments(input);
        const again = planAssignments({ ...input, existing: applied(input.existing, plan) });
        expect(again.add).toEqual([]);
        expect(again.remove).toEqual([]);
        expect(again.unfilled).toEqual(plan.unfilled);
        expect(again.loads).toEqual(plan.loads);
      }),
    );
  });

  it('on a new conflict removes only that pair and adds at most one', () => {
    fc.assert(
      fc.property(scenario, fc.nat(), (input, which) => {
        const existing = applied(input.existing, planAssignments(input));
        fc.pre(existing.length > 0);
        const target = existing[which % existing.length];
        const applications = input.applications.map((a) =>
          a.id === target.applicationId ? { id: a.id, conflicts: new Set([...a.conflicts, target.reviewerId]) } : a,
        );
        const plan = planAssignments({ ...input, applications, existing });
        expect(plan.remove).toEqual([target]);
        expect(plan.add.length).toBeLessThanOrEqual(1);
        for (const p of plan.add) expect(p.applicationId).toBe(target.applicationId);
      }),
    );
  });

  it('plans 10,000 applications x 3 over 100 reviewers, balanced', () => {
    const reviewers = Array.from({ length: 100 }, (_, i) => `r${i}`);
    const plan = planAssignments({
      applications: Array.from({ length: 10_000 }, (_, i) => ({ id: `a${i}`, conflicts: none })),
      reviewers,
      existing: [],
      perApplication: 3,
    });
    expect(plan.add).toHaveLength(30_000);
    expect(plan.unfilled).toEqual([]);
    const loads = Object.values(plan.loads);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  });

  it('plans 10,000 applications x 3 over 100 reviewers with conflicts and existing pairs', () => {
    const reviewers = Array.from({ length: 100 }, (_, i) => `r${i}`);
    const applications = Array.from({ length: 10_000 }, (_, i) => ({
      id: `a${i}`,
      conflicts: new Set(Array.from({ length: i % 7 }, (_, k) => `r${(i * 13 + k * 17) % 100}`)),
    }));
    const existing = Array.from({ length: 5_000 }, (_, i) => ({ applicationId: `a${i * 2}`, reviewerId: `r${i % 100}` }));
    const plan = planAssignments({ applications, reviewers, existing, perApplication: 3 });
    expect(plan.unfilled).toEqual([]);
    expect(plan.add.length + existing.length - plan.remove.length).toBe(30_000);
  });
});

describe('phases', () => {
  const phase = (id: string, startsAt: string, endsAt: string, more: Partial<ReviewPhase> = {}): ReviewPhase => ({
    id,
    startsAt,
    endsAt,
    mayScore: true,
    seeOthers: 'after-own',
    blind: false,
    mayDecide: false,
    ...more,
  });
  const at = (iso: string) => new Date(iso);
  const PHASES = [
    phase('p1', '2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z', { blind: true }),
    phase('p2', '2025-02-01T00:00:00Z', '2025-03-01T00:00:00Z', { blind: false, seeOthers: 'always' }),
  ];

  it('finds the phase in force, end excluded', () => {
    expect(currentPhase(PHASES, at('2024-12-31T23:59:59Z'))).toBeUndefined();
    expect(currentPhase(PHASES, at('2025-01-01T00:00:00Z'))?.id).toBe('p1');
    expect(currentPhase(PHASES, at('2025-02-01T00:00:00Z'))?.id).toBe('p2');
    expect(currentPhase(PHASES, at('2025-03-01T00:00:00Z'))).toBeUndefined();
    expect(currentPhase([], at('2025-01-10T00:00:00Z'))).toBeUndefined();
  });

  it('takes the one starting latest when phases overlap', () => {
    const overlapping = [
      phase('late', '2025-01-10T00:00:00Z', '2025-01-20T00:00:00Z'),
      phase('early', '2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z'),
    ];
    expect(currentPhase(overlapping, at('2025-01-15T00:00:00Z'))?.id).toBe('late');
    expect(currentPhase(overlapping, at('2025-01-25T00:00:00Z'))?.id).toBe('early');
  });

  it('checks dates and overlaps, naming the first phase at fault', () => {
    expect(phaseProblem(PHASES)).toBeUndefined();
    expect(phaseProblem([])).toBeUndefined();
    expect(phaseProblem([PHASES[1], PHASES[0]])).toBeUndefined();
    expect(phaseProblem([PHASES[0], phase('x', '2025-03-01T00:00:00Z', '2025-03-01T00:00:00Z')])).toEqual({ index: 1, reason: 'dates' });
    expect(phaseProblem([phase('x', 'not a date', '2025-03-01T00:00:00Z')])).toEqual({ index: 0, reason: 'dates' });
    expect(phaseProblem([...PHASES, phase('x', '2025-01-31T00:00:00Z', '2025-04-01T00:00:00Z')])).toEqual({ index: 2, reason: 'overlap' });
    expect(
      phaseProblem([
        { startsAt: new Date('2025-01-01'), endsAt: new Date('2025-02-01') },
        { startsAt: '2025-01-15', endsAt: '2025-01-20' },
      ]),
    ).toEqual({
      index: 1,
      reason: 'overlap',
    });
  });

  it('shows the other reviews as the phase says', () => {
    expect(seesOtherReviews(undefined, true)).toBe(false);
    expect(seesOtherReviews(phase('p', '', '', { seeOthers: 'always' }), false)).toBe(true);
    expect(seesOtherReviews(phase('p', '', '', { seeOthers: 'after-own' }), false)).toBe(false);
    expect(seesOtherReviews(phase('p', '', '', { seeOthers: 'after-own' }), true)).toBe(true);
    expect(seesOtherReviews(phase('p', '', '', { seeOthers: 'never' }), true)).toBe(false);
  });

  it('keeps the blindness of the phase in force, of the last one started, else of the first', () => {
    expect(isBlind(PHASES, at('2025-01-15T00:00:00Z'))).toBe(true);
    expect(isBlind(PHASES, at('2025-02-15T00:00:00Z'))).toBe(false);
    expect(isBlind(PHASES, at('2025-05-01T00:00:00Z'))).toBe(false);
    expect(isBlind(PHASES, at('2024-05-01T00:00:00Z'))).toBe(true);
    const gap = [PHASES[0], phase('p3', '2025-04-01T00:00:00Z', '2025-05-01T00:00:00Z')];
    expect(isBlind(gap, at('2025-03-01T00:00:00Z'))).toBe(true);
    expect(isBlind([], at('2025-03-01T00:00:00Z'))).toBe(false);
  });
});
