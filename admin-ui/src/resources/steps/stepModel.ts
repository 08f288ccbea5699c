import type { Schemas } from '@impact-calls/api-client';
import {
  isStepKind,
  stepPublishIssue,
  type StepPublishIssue,
  mergeQuizAnswers,
  miniDyiStepContentJson,
  readMiniDyiStepContent,
  readSurveyJson,
  readTextContent,
  type StepKind,
} from '@impact-calls/domain';

export type StepType = Schemas['StepTypeDto'];
export type SavedStep = Schemas['StepAdminDto'];
export type StepInput = Schemas['StepInputDto'];

/** A step as the console's form holds it: the API's fields plus the kind's editable content. */
export interface StepFormValue {
  id?: string;
  name: string;
  description?: string;
  stepTypeId: string;
  content: unknown;
}

/** The content a new step of a kind starts with. */
export function defaultContent(kind: string | undefined): unknown {
  switch (kind ?? '') {
    case 'text':
      return { html: '' };
    case 'upload':
      return [{ file_name: '', file_description: '', file_type: 'pdf', dimensions: 5 * 1024 * 1024, mandatory: true }];
    case 'miniDyi':
      return miniDyiStepContentJson(readMiniDyiStepContent(null).content);
    case 'results':
      return { lowerScore: 50, upperScore: 100, appliesTo: 'quiz' };
    case 'survey':
    case 'quiz':
      return { pages: [{ name: 'page1', elements: [] }] };
    default:
      return null;
  }
}

/**
 * A saved step made editable: a quiz gets its answer key back into the SurveyJS JSON
 * (`correctAnswer`), a miniDyi step (either format) becomes the object form with every
 * option, its SROI options included (the defaults where none were saved).
 */
export function toFormStep(step: SavedStep): StepFormValue {
  const kind = step.stepType?.name ?? step.stepTypeName;
  let content: unknown = step.content;
  if (kind === 'quiz')
    content = mergeQuizAnswers(readSurveyJson(step.content) ?? { pages: [] }, step.expectedAnswers as Record<string, unknown> | null);
  else if (kind === 'miniDyi') content = miniDyiStepContentJson(readMiniDyiStepContent(step.content).content);
  else if (kind === 'text') content = { html: readTextContent(step.content) };
  return { id: step.id, name: step.name, description: step.description ?? '', stepTypeId: step.stepTypeId, content };
}

/** What the API receives for a step (its position in the list is its order). */
export function toStepInput(step: StepFormValue): StepInput {
  return {
    ...(step.id ? { id: step.id } : {}),
    name: (step.name ?? '').trim(),
    description: (step.description ?? '').trim(),
    stepTypeId: step.stepTypeId,
    content: step.content as StepInput['content'],
  };
}

export function kindOf(types: StepType[] | undefined, stepTypeId: string | undefined): StepKind | string | undefined {
  return types?.find((t) => t.id === stepTypeId)?.name;
}

export { isStepKind };

/** A question's choices as {value, text} (SurveyJS accepts plain values or objects). */
export function choicesOf(question: Record<string, unknown>): { value: string; text: string }[] {
  if (question.type === 'boolean')
    return [
      { value: 'true', text: 'true' },
      { value: 'false', text: 'false' },
    ];
  if (question.type === 'rating') {
    const min = typeof question.rateMin === 'number' ? question.rateMin : 1;
    const max = typeof question.rateMax === 'number' ? question.rateMax : 5;
    return Array.from({ length: Math.max(0, Math.min(max - min + 1, 100)) }, (_, i) => ({ value: String(min + i), text: String(min + i) }));
  }
  if (!Array.isArray(question.choices)) return [];
  return question.choices.map((c) => {
    if (c && typeof c === 'object') {
      const o = c as { value?: unknown; text?: unknown };
      const text =
        typeof o.text === 'string' ? o.text : typeof o.text === 'object' && o.text ? String(Object.values(o.text)[0]) : String(o.value);
      return { value: String(o.value), text };
    }
    return { value: String(c), text: String(c) };
  });
}

/** Sets (or clears, with undefined) the correct answer of one question of a SurveyJS JSON. */
export function setCorrectAnswer(json: Record<string, unknown>, questionName: string, value: unknown): Record<string, unknown> {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const o = { ...(node as Record<string, unknown>) };
    for (const k of Object.keys(o)) if (k === 'elements' || k === 'pages' || k === 'templateElements') o[k] = walk(o[k]);
    if (o.name === questionName && !Array.isArray(o.elements)) {
      if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete o.correctAnswer;
      else o.correctAnswer = value;
    }
    return o;
  };
  return walk(json) as Record<string, unknown>;
}

/** The typed value of a correct answer picked in the console (booleans and ratings are not strings). */
export function answerValue(question: Record<string, unknown>, picked: string | string[]): unknown {
  if (Array.isArray(picked)) return picked.map((p) => answerValue(question, p));
  if (question.type === 'boolean') return picked === 'true';
  if (question.type === 'rating') return Number(picked);
  const original = Array.isArray(question.choices)
    ? question.choices.map((c) => (c && typeof c === 'object' ? (c as { value?: unknown }).value : c)).find((v) => String(v) === picked)
    : undefined;
  return original ?? picked;
}

export { readSurveyJson };

/**
 * The console shows the SROI rates (fractions 0..1 in the step content) as percentages.
 * Rounded to 12 significant digits so that 3.5 % is stored as 0.035, not 0.035000000000000003.
 */
export function fractionToPercent(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(Number((value * 100).toPrecision(12))) : '';
}

export function percentToFraction(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(n) ? Number((n / 100).toPrecision(12)) : null;
}

export interface StepIssue {
  index: number;
  name: string;
  key: StepPublishIssue;
}

/**
 * The steps nobody could fill, as the API would refuse them on save (libs/domain's
 * stepPublishIssue): a miniDyi step without a framework (its own, or the call's), a survey or
 * quiz without questions. A call type saved on its own has no call framework to fall back on.
 */
export function stepIssues(steps: StepFormValue[] | undefined, types: StepType[] | undefined, callFrameworkId: string | null): StepIssue[] {
  const out: StepIssue[] = [];
  (steps ?? []).forEach((s, index) => {
    const kind = kindOf(types, s?.stepTypeId);
    const key = kind ? stepPublishIssue(kind, s.content, callFrameworkId) : undefined;
    if (key) out.push({ index, name: s.name?.trim() || String(index + 1), key });
  });
  return out;
}
