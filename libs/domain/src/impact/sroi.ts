import { formatSroiRatio } from '../format.js';
import { IMPACT_YEARS, SROI_WARNING_THRESHOLD } from '../constants.js';
import { isNonNegativeNumber, isValidTarget } from './numbers.js';
import { outcomeKey } from './keys.js';
import type { SelectedOutcome } from './types.js';

/**
 * The SROI estimate of `docs/design/impact.md` (the SROI Network guide's method): value =
 * quantity x financial proxy, less deadweight, displacement and attribution, declining by
 * drop-off after the first year, optionally ramping up, discounted to present value,
 * divided by the investment. One implementation for the applicant UI (live) and the API
 * (stored on save, never trusting a client's number).
 */
export const SROI_RAMP_UPS = ['flat', 'linear'] as const;
export type SroiRampUp = (typeof SROI_RAMP_UPS)[number];

export interface SroiOptions {
  /** Years the impact is estimated over (spec: 3). */
  years: number;
  /** Discount rate per year, a fraction (the UK Green Book uses 0.035). */
  discountRate: number;
  /** Share that would have happened anyway. */
  deadweight: number;
  /** Share merely moved from elsewhere. */
  displacement: number;
  /** Share due to others' contribution. */
  attribution: number;
  /** Yearly decline after the first year. */
  dropOff: number;
  /** 'flat': the full value every year; 'linear': year y reaches y / years of it. */
  rampUp: SroiRampUp;
}

/** Defaults that reproduce the plain spec: SROI = 3 x sum(target x proxy) / budget. */
export const DEFAULT_SROI_OPTIONS: Readonly<SroiOptions> = Object.freeze({
  years: IMPACT_YEARS,
  discountRate: 0,
  deadweight: 0,
  displacement: 0,
  attribution: 0,
  dropOff: 0,
  rampUp: 'flat',
});

export const SROI_MAX_YEARS = 30;
export const SROI_RATE_FIELDS = ['discountRate', 'deadweight', 'displacement', 'attribution', 'dropOff'] as const;

/** What is wrong with SROI options (field -> reason); empty when they are valid. */
export function sroiOptionsIssues(options: Partial<Record<keyof SroiOptions, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  const years = options.years;
  if (years !== undefined && !(typeof years === 'number' && Number.isInteger(years) && years >= 1 && years <= SROI_MAX_YEARS)) {
    out.years = `years must be a whole number from 1 to ${SROI_MAX_YEARS}`;
  }
  for (const field of SROI_RATE_FIELDS) {
    const v = options[field];
    if (v !== undefined && !(typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1))
      out[field] = `${field} must be a fraction from 0 to 1`;
  }
  if (options.rampUp !== undefined && !(SROI_RAMP_UPS as readonly unknown[]).includes(options.rampUp))
    out.rampUp = `rampUp must be one of ${SROI_RAMP_UPS.join(', ')}`;
  return out;
}

/** The options with defaults filled in; throws RangeError on values the API refuses. */
export function resolveSroiOptions(options: Partial<SroiOptions> = {}): SroiOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<SroiOptions>;
  const issues = sroiOptionsIssues(defined);
  const first = Object.values(issues)[0];
  if (first) throw new RangeError(first);
  return { ...DEFAULT_SROI_OPTIONS, ...defined };
}

/** Value of year y (1-based) per unit of annual value: ramp(y) x (1 - dropOff)^(y-1). */
export function yearFactor(options: SroiOptions, year: number): number {
  const ramp = options.rampUp === 'linear' ? year / options.years : 1;
  return ramp * (1 - options.dropOff) ** (year - 1);
}

/** Present value of one unit of annual value over the years: sum of yearFactor(y) / (1 + r)^y. */
export function presentValueFactor(options: SroiOptions): number {
  let factor = 0;
  for (let y = 1; y <= options.years; y++) factor += yearFactor(options, y) / (1 + options.discountRate) ** y;
  return factor;
}

export interface SroiContribution {
  /** outcomeKey: the outcome id, or the custom key. */
  outcome: string;
  outcomeName: string;
  sdg: number | null;
  /** The outcome's annual value V (after deadweight, displacement, attribution). */
  annualValue: number;
  presentValue: number;
  /** Share of the total present value, 0..1 (0 when the total is 0). */
  share: number;
  /** This outcome's part of the SROI ratio (PV_outcome / budget); undefined without a budget. */
  sroi: number | undefined;
}

export interface SroiResult {
  options: SroiOptions;
  /** V: the annual value of every counted indicator. */
  annualValue: number;
  /** V_y for y = 1..years. */
  yearValues: number[];
  presentValue: number;
  /** The budget used, undefined when empty or zero. */
  budget: number | undefined;
  /** PV / budget; undefined when the budget is empty or zero. */
  sroi: number | undefined;
  /** (PV - budget) / budget. */
  netSroi: number | undefined;
  overThreshold: boolean;
  contributions: SroiContribution[];
  /** Ticked indicators left out because their target or proxy is missing or not valid. */
  ignoredIndicators: number;
}

export interface SroiInput {
  selectedOutcomes: readonly SelectedOutcome[];
  budget: number | null | undefined;
}

/** The annual value of one outcome: sum of target x proxy over its counted indicators, after the three reductions. */
function outcomeAnnualValue(outcome: SelectedOutcome, options: SroiOptions): { value: number; ignored: number } {
  let value = 0;
  let ignored = 0;
  const keep = (1 - options.deadweight) * (1 - options.displacement) * (1 - options.attribution);
  for (const i of outcome.indicators) {
    if (!isValidTarget(i.indicatorTargetValue) || !isNonNegativeNumber(i.proxyValue)) {
      ignored++;
      continue;
    }
    value += i.indicatorTargetValue * i.proxyValue * keep;
  }
  return { value, ignored };
}

/** The SROI estimate of a miniDyi state. Indicators without a valid target or proxy do not count. */
export function computeSroi(state: SroiInput, options: Partial<SroiOptions> = {}): SroiResult {
  const o = resolveSroiOptions(options);
  const factor = presentValueFactor(o);
  const budget = isNonNegativeNumber(state.budget) && state.budget > 0 ? state.budget : undefined;
  let annualValue = 0;
  let ignoredIndicators = 0;
  const parts = state.selectedOutcomes.map((outcome) => {
    const { value, ignored } = outcomeAnnualValue(outcome, o);
    annualValue += value;
    ignoredIndicators += ignored;
    return { outcome, value };
  });
  const yearValues = Array.from({ length: o.years }, (_, i) => annualValue * yearFactor(o, i + 1));
  const presentValue = annualValue * factor;
  const sroi = budget === undefined ? undefined : presentValue / budget;
  return {
    options: o,
    annualValue,
    yearValues,
    presentValue,
    budget,
    sroi,
    netSroi: budget === undefined ? undefined : (presentValue - budget) / budget,
    overThreshold: isSroiOverThreshold(sroi),
    ignoredIndicators,
    contributions: parts.map(({ outcome, value }) => {
      const pv = value * factor;
      return {
        outcome: outcomeKey(outcome),
        outcomeName: outcome.outcomeName,
        sdg: outcome.sdg,
        annualValue: value,
        presentValue: pv,
        share: presentValue > 0 ? pv / presentValue : 0,
        sroi: budget === undefined ? undefined : pv / budget,
      };
    }),
  };
}

/** The "SROI is over 8" message shows when SROI > 8, strictly. */
export function isSroiOverThreshold(sroi: number | null | undefined): boolean {
  return typeof sroi === 'number' && Number.isFinite(sroi) && sroi > SROI_WARNING_THRESHOLD;
}

/**
 * The ratio as the product shows it: "1 : 3.45" ("1 : 3,45" in Italian and French when the
 * language is given); an empty string when there is no value.
 */
export function formatSroi(sroi: number | null | undefined, language?: string): string {
  if (typeof sroi !== 'number' || !Number.isFinite(sroi)) return '';
  return language ? formatSroiRatio(sroi, language) : `1 : ${sroi.toFixed(2)}`;
}
