/**
 * Rules of submissions shared by the API and both UIs (spec sections 3, 4, 5, 9):
 * upload limits and kinds, file names, quiz scoring, what closing requires of each step,
 * and the order of the fill screen's positions. Step result formats: docs/step-results.md.
 */
import { ADMIN_DROP_ZONE_MAX_BYTES, ATTACHMENT_MAX_BYTES, UPLOAD_DESCRIPTION_MAX, XLSX_MIME } from './constants.js';
import {
  isStepKind,
  readSurveyJson,
  surveyQuestions,
  UPLOAD_FILE_ACCEPT,
  UPLOAD_FILE_TYPES,
  type StepKind,
  type UploadFileType,
  type UploadSlot,
} from './calls.js';
import { isMiniDyiComplete, readMiniDyiState, readMiniDyiStepContent } from './impact/index.js';

// ---------------------------------------------------------------- files

/** Kinds of files the product knows: the upload slots' kinds plus the admin drop zone's video. */
export const FILE_KINDS = [...UPLOAD_FILE_TYPES, 'video'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** What a file's bytes say it is (file-type's answer), or nothing when they say nothing. */
export interface DetectedType {
  ext: string;
  mime: string;
}

/**
 * Kinds recognised from the bytes. Old binary Office files (.doc, .xls) are OLE compound
 * files (`application/x-cfb`): the bytes cannot tell Word from Excel, so the extension decides.
 */
const KIND_BY_MIME: Record<string, FileKind> = {
  'application/pdf': 'pdf',
  [XLSX_MIME]: 'excel',
  'application/vnd.oasis.opendocument.spreadsheet': 'excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/vnd.oasis.opendocument.text': 'word',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'video/mp4': 'video',
};

/** The extensions accepted per kind, and the MIME type a download is served with. */
export const FILE_KIND_EXTENSIONS: Record<FileKind, readonly string[]> = {
  pdf: UPLOAD_FILE_ACCEPT.pdf.extensions,
  excel: [...UPLOAD_FILE_ACCEPT.excel.extensions, '.ods'],
  word: [...UPLOAD_FILE_ACCEPT.word.extensions, '.odt'],
  image: UPLOAD_FILE_ACCEPT.image.extensions,
  video: ['.mp4'],
};

/** The lower-cased extension of a file name, with its dot (`.pdf`), or ''. */
export function fileExtension(name: string): string {
  const m = /\.([a-z0-9]{1,10})$/i.exec(name.trim());
  return m ? `.${m[1].toLowerCase()}` : '';
}

/**
 * The kind of a file from its bytes AND its name: both must agree (an executable renamed
 * `.pdf` has no PDF bytes; a PDF renamed `.png` has the wrong extension). Undefined when
 * they do not, or when the bytes are of no kind the product accepts.
 */
export function fileKindOf(detected: DetectedType | undefined, fileName: string): FileKind | undefined {
  if (!detected) return undefined;
  const ext = fileExtension(fileName);
  if (detected.mime === 'application/x-cfb') {
    if (ext === '.doc') return 'word';
    if (ext === '.xls') return 'excel';
    return undefined;
  }
  const kind = KIND_BY_MIME[detected.mime];
  if (!kind) return undefined;
  return FILE_KIND_EXTENSIONS[kind].includes(ext) ? kind : undefined;
}

/** The exact types the admin drop zone takes (spec: png, jpeg, docx, mp4, xlsx). */
export const DROP_ZONE_TYPES: readonly { mime: string; extensions: readonly string[] }[] = [
  { mime: 'image/png', extensions: ['.png'] },
  { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['.docx'] },
  { mime: 'video/mp4', extensions: ['.mp4'] },
  { mime: XLSX_MIME, extensions: ['.xlsx'] },
];

export function isDropZoneFile(detected: DetectedType | undefined, fileName: string): boolean {
  if (!detected) return false;
  const ext = fileExtension(fileName);
  return DROP_ZONE_TYPES.some((t) => t.mime === detected.mime && t.extensions.includes(ext));
}

/** An `accept` attribute for a file input. */
export function acceptAttribute(kinds: readonly FileKind[]): string {
  return kinds.flatMap((k) => [...FILE_KIND_EXTENSIONS[k]]).join(',');
}
export const DROP_ZONE_ACCEPT = DROP_ZONE_TYPES.flatMap((t) => [...t.extensions]).join(',');

/** Where an uploaded file belongs; each has its own limits. */
export const FILE_PURPOSES = ['submission', 'custom-file', 'library'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** The most bytes a file may have for a purpose (and, for a slot, its dimensions). */
export function maxUploadBytes(purpose: FilePurpose, slot?: Pick<UploadSlot, 'dimensions'>): number {
  if (purpose === 'library') return ADMIN_DROP_ZONE_MAX_BYTES;
  const slotMax = slot && Number.isFinite(slot.dimensions) && slot.dimensions > 0 ? slot.dimensions : ATTACHMENT_MAX_BYTES;
  return Math.min(slotMax, ATTACHMENT_MAX_BYTES);
}

/** Kinds accepted for a purpose (and a slot). */
export function acceptedKinds(purpose: FilePurpose, slot?: Pick<UploadSlot, 'file_type'>): FileKind[] {
  if (purpose === 'library') return ['image', 'word', 'video', 'excel'];
  if (purpose === 'custom-file') return [...UPLOAD_FILE_TYPES];
  return slot ? [slot.file_type] : [...UPLOAD_FILE_TYPES];
}

/** The description sent with an upload, cut to 1024 characters (spec section 5). */
export function cutDescription(description: string | null | undefined): string {
  return Array.from((description ?? '').trim())
    .slice(0, UPLOAD_DESCRIPTION_MAX)
    .join('');
}

export const FILE_NAME_MAX = 200;

/**
 * A file name safe to show and to send back in Content-Disposition: no folders (`../`,
 * `C:\`), no control or bidi characters, no quotes, at most 200 characters, the extension
 * kept. Never used to store the file (storage names are made by the server).
 */
export function safeFileName(name: string | null | undefined, fallback = 'file'): string {
  let s = (name ?? '').normalize('NFC');
  s = s.split(/[/\\]/).pop() ?? '';
  s = s.replace(/[\t\n\r]+/g, ' ');
  // eslint-disable-next-line no-control-regex
  s = s.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"<>:|?*]/g, '');
  s = s.replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  if (!s) return fallback;
  const chars = Array.from(s);
  if (chars.length <= FILE_NAME_MAX) return s;
  const ext = fileExtension(s);
  return chars.slice(0, FILE_NAME_MAX - ext.length).join('') + ext;
}

// ---------------------------------------------------------------- upload slots

/** The slots of an upload step's content (`{slots: [...]}`, or a bare array), bad entries dropped. */
export function readUploadSlots(content: unknown): UploadSlot[] {
  let v = content;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  const list = Array.isArray(v)
    ? v
    : v && typeof v === 'object' && Array.isArray((v as { slots?: unknown }).slots)
      ? (v as { slots: unknown[] }).slots
      : [];
  return list
    .filter((s): s is Record<string, unknown> => !!s && typeof s === 'object')
    .map((s) => ({
      file_name: typeof s.file_name === 'string' ? s.file_name : '',
      file_description: typeof s.file_description === 'string' ? s.file_description : '',
      file_type: (UPLOAD_FILE_TYPES as readonly string[]).includes(String(s.file_type)) ? (s.file_type as UploadFileType) : 'pdf',
      dimensions: typeof s.dimensions === 'number' && s.dimensions > 0 ? s.dimensions : ATTACHMENT_MAX_BYTES,
      mandatory: s.mandatory === true,
    }));
}

// ---------------------------------------------------------------- quiz

export interface QuizScore {
  correct: number;
  answered: number;
  /** correct / answered, 0 when nothing was answered. */
  score: number;
}

const isAnswered = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
const firstValue = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
const same = (a: unknown, b: unknown) =>
  typeof a === 'object' || typeof b === 'object' ? JSON.stringify(a) === JSON.stringify(b) : String(a) === String(b);

/**
 * Quiz score (spec section 5): for each answered question of the key, the FIRST selected
 * value of the answer is compared with the correct answer (a key given as a list counts its
 * first value too); score = correct answers / answered questions.
 */
export function scoreQuiz(answers: Record<string, unknown> | null | undefined, key: Record<string, unknown> | null | undefined): QuizScore {
  let correct = 0;
  let answered = 0;
  for (const [question, expected] of Object.entries(key ?? {})) {
    const given = answers?.[question];
    if (!isAnswered(given)) continue;
    answered++;
    if (same(firstValue(given), firstValue(expected))) correct++;
  }
  return { correct, answered, score: answered ? correct / answered : 0 };
}

/** Aggregates several quiz steps into the submission's quiz score. */
export function combineQuizScores(scores: readonly QuizScore[]): QuizScore | undefined {
  if (!scores.length) return undefined;
  const correct = scores.reduce((n, s) => n + s.correct, 0);
  const answered = scores.reduce((n, s) => n + s.answered, 0);
  return { correct, answered, score: answered ? correct / answered : 0 };
}

// ---------------------------------------------------------------- step results

/** The result document of a survey or quiz step (docs/step-results.md). */
export interface SurveyResult {
  data: Record<string, unknown>;
  currentPageNo: number;
  completed: boolean;
}

/** Reads a survey/quiz result from what was stored or sent (object or JSON text). */
export function readSurveyResult(content: unknown): SurveyResult {
  const o = readSurveyJson(content) ?? {};
  const data = o.data && typeof o.data === 'object' && !Array.isArray(o.data) ? (o.data as Record<string, unknown>) : {};
  const page = typeof o.currentPageNo === 'number' && Number.isInteger(o.currentPageNo) && o.currentPageNo >= 0 ? o.currentPageNo : 0;
  return { data, currentPageNo: page, completed: o.completed === true };
}

/** Questions of a survey whose `isRequired` is set and that have no answer in `data`. */
export function missingRequiredAnswers(surveyJson: Record<string, unknown> | undefined, data: Record<string, unknown>): string[] {
  return surveyQuestions(surveyJson)
    .filter((q) => q.isRequired === true && typeof q.name === 'string' && !q.visibleIf && !isAnswered(data[q.name]))
    .map((q) => q.name as string);
}

/** Why a step stops a submission from closing; undefined when it is complete. */
export type IncompleteReason = 'upload-missing' | 'survey-incomplete' | 'quiz-unanswered' | 'minidyi-missing' | 'minidyi-invalid';

export interface StepForClosing {
  id: string;
  kind: string;
  content: unknown;
}

/**
 * What closing requires of one step (spec section 4): every mandatory upload slot filled,
 * surveys completed to the last page with their required questions answered, quizzes
 * completed with at least one answer (and the required ones), a miniDyi result present (and valid, when a validator is given).
 * `filledSlots` are the slot indexes that hold a file.
 */
export function incompleteReason(
  step: StepForClosing,
  result: unknown,
  filledSlots: ReadonlySet<number>,
  miniDyiValid: (result: unknown, stepContent: unknown) => boolean = (r, c) => isMiniDyiResultComplete(step.id, c, r),
): IncompleteReason | undefined {
  const kind = isStepKind(step.kind) ? step.kind : undefined;
  switch (kind) {
    case 'upload':
      return readUploadSlots(step.content).some((s, i) => s.mandatory && !filledSlots.has(i)) ? 'upload-missing' : undefined;
    case 'survey': {
      if (result === undefined) return 'survey-incomplete';
      const r = readSurveyResult(result);
      return !r.completed || missingRequiredAnswers(readSurveyJson(step.content), r.data).length ? 'survey-incomplete' : undefined;
    }
    case 'quiz': {
      if (result === undefined) return 'quiz-unanswered';
      const r = readSurveyResult(result);
      const json = readSurveyJson(step.content);
      const answered = surveyQuestions(json).some((q) => typeof q.name === 'string' && isAnswered(r.data[q.name]));
      return !r.completed || !answered || missingRequiredAnswers(json, r.data).length ? 'quiz-unanswered' : undefined;
    }
    case 'miniDyi':
      if (result === undefined || result === null) return 'minidyi-missing';
      return miniDyiValid(result, step.content) ? undefined : 'minidyi-invalid';
    case 'text':
    case 'results':
    case undefined:
      return undefined;
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** A saved miniDyi state is complete by the impact rules (libs/domain impact: isMiniDyiComplete). */
export function isMiniDyiResultComplete(stepId: string, stepContent: unknown, result: unknown): boolean {
  return isMiniDyiComplete(readMiniDyiState(result, stepId, readMiniDyiStepContent(stepContent).content));
}

/** The message key of an incomplete step. */
export const INCOMPLETE_KEYS: Record<IncompleteReason, string> = {
  'upload-missing': 'fill.incomplete.upload-missing',
  'survey-incomplete': 'fill.incomplete.survey-incomplete',
  'quiz-unanswered': 'fill.incomplete.quiz-unanswered',
  'minidyi-missing': 'fill.incomplete.minidyi-missing',
  'minidyi-invalid': 'fill.incomplete.minidyi-invalid',
};

/** Steps whose answers the applicant saves through UpsertCallStepResult. */
export function savesStepResult(kind: string): boolean {
  return kind === 'survey' || kind === 'quiz' || kind === 'miniDyi';
}

// ---------------------------------------------------------------- fill navigation

/** One place of the fill screen: a step, and a sub-step of it when the step has sub-steps. */
export interface FillPosition {
  step: number;
  sub: number;
}

/**
 * The positions of the fill screen, in order: each step (already in ascending sort order)
 * once, or once per sub-step when `subSteps(i)` answers more than zero (miniDyi).
 */
export function fillPositions(stepCount: number, subSteps: (stepIndex: number) => number = () => 0): FillPosition[] {
  const out: FillPosition[] = [];
  for (let step = 0; step < stepCount; step++) {
    const n = Math.max(0, Math.floor(subSteps(step)));
    if (n === 0) out.push({ step, sub: 0 });
    else for (let sub = 0; sub < n; sub++) out.push({ step, sub });
  }
  return out;
}

export function positionIndex(positions: readonly FillPosition[], at: FillPosition): number {
  return positions.findIndex((p) => p.step === at.step && p.sub === at.sub);
}

/** The next position, or undefined at the last one (where "next" becomes "submit"). */
export function nextPosition(positions: readonly FillPosition[], at: FillPosition): FillPosition | undefined {
  const i = positionIndex(positions, at);
  return i >= 0 && i < positions.length - 1 ? positions[i + 1] : undefined;
}

/** The previous position, or undefined at the very first (where "previous" is hidden). */
export function previousPosition(positions: readonly FillPosition[], at: FillPosition): FillPosition | undefined {
  const i = positionIndex(positions, at);
  return i > 0 ? positions[i - 1] : undefined;
}

export function isLastPosition(positions: readonly FillPosition[], at: FillPosition): boolean {
  return positions.length > 0 && positionIndex(positions, at) === positions.length - 1;
}

/** Kinds the fill screen renders; anything else shows `components.not-implemented`. */
export function renderedKind(name: string | null | undefined, implemented: readonly StepKind[]): StepKind | undefined {
  return isStepKind(name) && implemented.includes(name) ? name : undefined;
}
