import {
  isStepKind,
  miniDyiStepContentJson,
  readMiniDyiStepContent,
  readSurveyJson,
  RESULTS_BOUND_SCORES,
  splitQuizAnswers,
  surveyQuestions,
  UPLOAD_DESCRIPTION_MAX,
  UPLOAD_FILE_TYPES,
  UPLOAD_SLOT_MAX_BYTES,
  UPLOAD_SLOTS_MAX,
  type ResultsContent,
  type StepKind,
  type UploadSlot,
} from '@impact-calls/domain';
import { isObject } from 'class-validator';
import { badRequest } from '../../common/http/app-error.js';
import { cleanRichHtml } from '../../common/html/safe-html.js';
import { jsonTextOf, objectFromJsonText } from '../../common/validation/json-text.js';

/** Largest serialized content of one step (a SurveyJS JSON of a long survey fits easily). */
const STEP_CONTENT_MAX_CHARS = 400_000;

export interface NormalizedContent {
  content: unknown;
  /** Server-side answer key (quiz): stored in step.expected_answers, never sent to applicants. */
  expectedAnswers: Record<string, unknown> | null;
}

/** The key of every refused step content (a JSON text that is not JSON included: JsonObjectField on StepInputDto). */
const STEP_CONTENT_ERROR = 'errors.step-content';

/**
 * Checks a step's content for its kind and answers what is stored (docs/step-contents.md), or 400 naming the
 * field `at`; JSON text is converted here too, for callers without a JsonObjectField edge (the survey library).
 */
export function normalizeStepContent(kind: string, content: unknown, at: string): NormalizedContent {
  const value = objectFromJsonText(content, at, STEP_CONTENT_ERROR);
  if (value !== undefined && value !== null && JSON.stringify(value).length > STEP_CONTENT_MAX_CHARS)
    failAt(at)('', `is larger than ${STEP_CONTENT_MAX_CHARS} characters`);
  // A step type added by an administrator: the applicant app shows "not implemented"; content kept as sent.
  if (!isStepKind(kind)) return { content: value ?? null, expectedAnswers: null };
  return STEP_CONTENT_PARSERS[kind](value, at);
}

/** The one parser of each step kind's content: what is stored, or 400 errors.step-content naming the field under `at`. */
export const STEP_CONTENT_PARSERS: Record<StepKind, (content: unknown, at: string) => NormalizedContent> = {
  text: parseTextContent,
  upload: parseUploadContent,
  miniDyi: parseMiniDyiContent,
  results: parseResultsContent,
  survey: (content, at) => stored(surveyJson(content, at, failAt(at))),
  quiz: parseQuizContent,
};

type Fail = (path: string, message: string) => never;

function failAt(at: string): Fail {
  return (path, message) => {
    const field = path ? `${at}.${path}` : at;
    throw badRequest(STEP_CONTENT_ERROR, `${field}: ${message}`, { errors: { [field]: message } });
  };
}

const stored = (content: unknown): NormalizedContent => ({ content, expectedAnswers: null });

const isPlainObject = isObject<Record<string, unknown>>;

function onlyKeys(o: Record<string, unknown>, allowed: string[], path: string, fail: Fail) {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) fail(path ? `${path}.${k}` : k, 'is not an accepted field');
}

/** text: `{html}` (a plain string is accepted and read as HTML); the HTML is sanitized. */
export function parseTextContent(content: unknown, at: string): NormalizedContent {
  const fail = failAt(at);
  if (isPlainObject(content)) onlyKeys(content, ['html'], '', fail);
  const html = (isPlainObject(content) ? content.html : content) ?? '';
  if (typeof html !== 'string') return fail('html', 'must be HTML text');
  return stored({ html: cleanRichHtml(`${at}.html`, html) });
}

/** upload: the list of file slots (spec section 3), sent as `{slots}` or the bare list; stored as the list. */
export function parseUploadContent(content: unknown, at: string): NormalizedContent {
  const fail = failAt(at);
  const list = isPlainObject(content) && Array.isArray(content.slots) ? content.slots : content;
  if (!Array.isArray(list)) return fail('', 'must be a list of file slots');
  if (list.length === 0) fail('', 'needs at least one file slot');
  if (list.length > UPLOAD_SLOTS_MAX) fail('', `has more than ${UPLOAD_SLOTS_MAX} file slots`);
  const slots = list.map((raw, i): UploadSlot => {
    const p = String(i);
    if (!isPlainObject(raw)) return fail(p, 'must be a file slot object');
    onlyKeys(raw, ['file_name', 'file_description', 'file_type', 'dimensions', 'mandatory'], p, fail);
    const name = typeof raw.file_name === 'string' ? raw.file_name.trim() : '';
    if (!name) fail(`${p}.file_name`, 'is required');
    if (name.length > 200) fail(`${p}.file_name`, 'is longer than 200 characters');
    const description = raw.file_description ?? '';
    if (typeof description !== 'string') return fail(`${p}.file_description`, 'must be text');
    if (description.length > UPLOAD_DESCRIPTION_MAX) fail(`${p}.file_description`, `is longer than ${UPLOAD_DESCRIPTION_MAX} characters`);
    if (!(UPLOAD_FILE_TYPES as readonly unknown[]).includes(raw.file_type))
      fail(`${p}.file_type`, `must be one of ${UPLOAD_FILE_TYPES.join(', ')}`);
    const bytes = raw.dimensions;
    if (typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes <= 0)
      return fail(`${p}.dimensions`, 'must be a whole number of bytes greater than 0');
    if (bytes > UPLOAD_SLOT_MAX_BYTES) fail(`${p}.dimensions`, `must be at most ${UPLOAD_SLOT_MAX_BYTES} bytes (the attachment limit)`);
    if (raw.mandatory !== undefined && typeof raw.mandatory !== 'boolean') fail(`${p}.mandatory`, 'must be true or false');
    return {
      file_name: name,
      file_description: description.trim(),
      file_type: raw.file_type as UploadSlot['file_type'],
      dimensions: bytes,
      mandatory: raw.mandatory === true,
    };
  });
  return stored(slots);
}

/**
 * miniDyi: the object or a plain framework id, read by the domain's one reader (its first issue
 * refuses the save); its JSON text stays refused (decisions/minidyi-content.md), so the reader gets that text.
 */
export function parseMiniDyiContent(content: unknown, at: string): NormalizedContent {
  const read = readMiniDyiStepContent(jsonTextOf(content) ?? content);
  const issue = Object.entries(read.issues)[0];
  if (issue) failAt(at)(issue[0], issue[1]);
  return stored(miniDyiStepContentJson(read.content, { sroi: read.hasSroi }));
}

/** results: the score bounds `{lowerScore, upperScore, appliesTo?}` plus optional HTML. */
export function parseResultsContent(content: unknown, at: string): NormalizedContent {
  const fail = failAt(at);
  if (!isPlainObject(content)) return fail('', 'must be an object with lowerScore and upperScore');
  onlyKeys(content, ['lowerScore', 'upperScore', 'appliesTo', 'html'], '', fail);
  const num = (v: unknown, name: string): number => (typeof v === 'number' && Number.isFinite(v) ? v : fail(name, 'must be a number'));
  const lowerScore = num(content.lowerScore, 'lowerScore');
  const upperScore = num(content.upperScore, 'upperScore');
  if (lowerScore > upperScore) fail('upperScore', 'must be greater than or equal to lowerScore');
  const out: ResultsContent = { lowerScore, upperScore };
  if (content.appliesTo !== undefined && content.appliesTo !== null) {
    if (!(RESULTS_BOUND_SCORES as readonly unknown[]).includes(content.appliesTo))
      fail('appliesTo', `must be one of ${RESULTS_BOUND_SCORES.join(', ')}`);
    out.appliesTo = content.appliesTo as ResultsContent['appliesTo'];
    if (out.appliesTo === 'quiz' && (lowerScore < 0 || upperScore > 100)) fail('upperScore', 'quiz bounds are percentages from 0 to 100');
  }
  if (content.html !== undefined && content.html !== null && content.html !== '') {
    if (typeof content.html !== 'string') fail('html', 'must be HTML text');
    out.html = cleanRichHtml(`${at}.html`, content.html as string);
  }
  return stored(out);
}

const SURVEY_HTML_PROPERTIES = ['html', 'completedHtml', 'completedBeforeHtml', 'loadingHtml'];

/** quiz: a survey marking its correct answers (correctAnswer); the answer key is split out and never sent to applicants. */
export function parseQuizContent(content: unknown, at: string): NormalizedContent {
  const fail = failAt(at);
  const { survey, answers } = splitQuizAnswers(surveyJson(content, at, fail));
  // A quiz without questions is refused by the call type's save with its own key (stepPublishIssue).
  if (surveyQuestions(survey).length > 0 && Object.keys(answers).length === 0)
    fail('', 'mark the correct answer of at least one question (correctAnswer)');
  return { content: survey, expectedAnswers: answers };
}

/** HTML that SurveyJS renders as markup (html questions, completed pages) is sanitized like any administrator's rich HTML. */
function surveyJson(content: unknown, at: string, fail: Fail): Record<string, unknown> {
  // Any text left is not JSON of an object (JSON text of one was converted at the edge).
  if (typeof content === 'string') return fail('', 'is not valid SurveyJS JSON');
  const json = readSurveyJson(content);
  if (!json) return fail('', 'must be a SurveyJS JSON object');
  if (!Array.isArray(json.pages) && !Array.isArray(json.elements)) fail('', 'must have pages or elements');
  let depth = 0;
  const clean = (node: unknown, path: string): unknown => {
    if (++depth > 10_000) fail('', 'is too deeply nested');
    if (Array.isArray(node)) return node.map((v, i) => clean(v, `${path}.${i}`));
    if (!isPlainObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
      out[k] =
        SURVEY_HTML_PROPERTIES.includes(k) && typeof v === 'string' ? cleanRichHtml(`${at}${path}.${k}`, v) : clean(v, `${path}.${k}`);
    }
    return out;
  };
  return clean(json, '') as Record<string, unknown>;
}
