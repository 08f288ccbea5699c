import { isSdgCode } from './sdg.js';

/** What miniDyi answers aim at, as the portfolio dashboard counts them (a submission's `submission_impact` row). */
export interface ImpactFacts {
  /** SDG codes picked or of a selected outcome: integers 1..17, distinct, ascending. */
  sdgs: number[];
  /** The framework outcomes selected, distinct. */
  outcomeIds: string[];
  /** The framework indicators ticked, distinct. */
  indicatorIds: string[];
  /** Selected outcomes without a framework outcome id. */
  customOutcomes: number;
  /** The budget asked, when it is a number from 0 up to 1e15 (excluded). */
  budget: number | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
// The paths are read as PostgreSQL's lax JSON paths read them (these facts were computed by SQL
// before): `[*]` and a filter unwrap one array level and take any other value as a list of itself...
const items = (values: unknown[]): unknown[] => values.flatMap((v) => (Array.isArray(v) ? v : [v]));
// ...and `.key` reads the member of an object or of each object of an array.
const member = (values: unknown[], key: string): unknown[] =>
  items(values).flatMap((v) => (isObject(v) && Object.hasOwn(v, key) ? [v[key]] : []));
const distinct = <T>(values: T[]): T[] => [...new Set(values)];

/**
 * The facts of one miniDyi answer (its stored document). Read leniently: a malformed value is
 * left out, never an error, so no save is refused because of it.
 */
export function impactFacts(content: unknown): ImpactFacts {
  const outcomes = items(member([content], 'selectedOutcomes'));
  const budget = items(member([content], 'budget')).find((v) => typeof v === 'number' && v >= 0 && v < 1e15);
  return {
    sdgs: distinct([...items(items(member([content], 'sdg'))), ...items(member(outcomes, 'sdg'))].filter(isSdgCode)).sort((a, b) => a - b),
    outcomeIds: distinct(items(member(outcomes, 'outcomeId')).filter(isString)).sort(),
    indicatorIds: distinct(items(member(items(member(outcomes, 'indicators')), 'indicatorId')).filter(isString)).sort(),
    customOutcomes: items(outcomes).filter((o) => !items(member([o], 'outcomeId')).some(isString)).length,
    budget: typeof budget === 'number' ? budget : null,
  };
}

/** A submission's facts from those of its miniDyi answers: each SDG, outcome and indicator once, the counts and budgets summed; null without an answer. */
export function mergeImpactFacts(answers: readonly ImpactFacts[]): ImpactFacts | null {
  if (!answers.length) return null;
  const budgets = answers.flatMap((a) => (a.budget === null ? [] : [a.budget]));
  return {
    sdgs: distinct(answers.flatMap((a) => a.sdgs)).sort((a, b) => a - b),
    outcomeIds: distinct(answers.flatMap((a) => a.outcomeIds)).sort(),
    indicatorIds: distinct(answers.flatMap((a) => a.indicatorIds)).sort(),
    customOutcomes: answers.reduce((n, a) => n + a.customOutcomes, 0),
    budget: budgets.length ? budgets.reduce((sum, b) => sum + b, 0) : null,
  };
}
