/**
 * The miniDyi saved state (spec section 3): what the applicant chose in the six sub-steps.
 * Numbers an applicant left empty are `null` ("empty number inputs are ignored, not zero").
 */

/** An indicator ticked under a selected outcome: a framework indicator with one of its proxies, or a custom one. */
export interface SelectedIndicator {
  /** The framework indicator; null for a custom indicator. */
  indicatorId: string | null;
  indicatorName: string;
  /** The quantity expected in year 3; null while empty. */
  indicatorTargetValue: number | null;
  /** The framework proxy; null for a custom indicator. */
  proxyId: string | null;
  proxyName: string;
  /** Currency per unit; null when unknown (the indicator then adds no value). */
  proxyValue: number | null;
  /** 12 alphanumeric characters, for custom indicators only. */
  customKey?: string;
}

/** An outcome the applicant selected from the framework, or a custom one (with a customKey). */
export interface SelectedOutcome {
  /** The framework outcome; null for a custom outcome. */
  outcomeId: string | null;
  /** 12 alphanumeric characters, for custom outcomes only. */
  customKey?: string;
  outcomeName: string;
  /** SDG code 1..17; null for a custom outcome without one. */
  sdg: number | null;
  stakeholderId: string | null;
  stakeholderName: string;
  indicators: SelectedIndicator[];
}

export interface MiniDyiState {
  stepId: string;
  selectedOutcomes: SelectedOutcome[];
  /** The investment requested (currency); null while empty. */
  budget: number | null;
  budgetSpent: number | null;
  /** Selected SDG codes, in the order they were picked. */
  sdg: number[];
  /** Outcome limit: per SDG when the SDG filter is on, else in total. */
  maxOutcome: number;
  maxSdg: number;
  /** The SDG filter flag (the step's showSdgFilter). */
  isSdgEnabled: boolean;
}

/** A framework outcome as the outcome list shows it (GetOutcomeType). */
export interface OutcomeChoice {
  outcomeId: string;
  outcomeName: string;
  sdg: number;
}

/** One indicator-proxy chain as the indicator grid shows it (GetIndicatorType). */
export interface IndicatorChoice {
  indicatorId: string;
  indicatorName: string;
  proxyId: string;
  proxyName: string;
  proxyValue: number | null;
}

export interface StakeholderChoice {
  stakeholderId: string;
  stakeholderName: string;
}

/** The six miniDyi sub-steps, in order (spec section 2). */
export const MINIDYI_SUB_STEPS = ['introduction', 'budget', 'sdg', 'outcomes', 'indicators', 'custom'] as const;
export type MiniDyiSubStep = (typeof MINIDYI_SUB_STEPS)[number];

/** A rule broken by a miniDyi state: an i18n key, where it is, and the sub-step that shows it. */
export interface MiniDyiIssue {
  key: string;
  subStep: MiniDyiSubStep;
  /** The outcome concerned (outcomeKey), when there is one. */
  outcome?: string;
  /** The indicator concerned (indicatorKey), when there is one. */
  indicator?: string;
  /** The field: budget, budgetSpent, sdg, stakeholder, indicatorTargetValue, outcomeName, ... */
  field?: string;
  params?: Record<string, string | number>;
}
