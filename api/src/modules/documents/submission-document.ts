import {
  answerableQuestions,
  answersFor,
  computeSroi,
  formatQuizScore,
  formatFileSize,
  formatSroi,
  isCustomOutcome,
  readMiniDyiState,
  readMiniDyiStepContent,
  readSurveyResult,
  readTextContent,
  readUploadSlots,
  sdgInfo,
  sdgName,
  sdgTextColour,
  translate,
  type Language,
  type MiniDyiStepContent,
  type UploadSlot,
} from '@impact-calls/domain';
import { sanitizeRichHtml } from '../../common/html/safe-html.js';
import type {
  PdfAttachmentDto,
  PdfEntryDto,
  PdfExportDto,
  PdfLogoDto,
  PdfMiniDyiDto,
  PdfOrganisationDto,
  PdfReferentDto,
  PdfSdgDto,
  PdfSectionDto,
} from './dto/documents.dto.js';
import type { DocumentAttachment, DocumentResult, SubmissionHead } from './documents.repository.js';

/** A step read for documents with its kind's content parsed: an export parses each step once, not once per submission. */
export interface DocumentStep {
  id: string;
  name: string;
  kind: string;
  content: unknown;
  /** Survey and quiz: the questions that take an answer. */
  questions: Record<string, unknown>[];
  slots: UploadSlot[];
  /** miniDyi: the step's options (limits, SROI options). */
  miniDyi: MiniDyiStepContent | undefined;
}

export function documentStep(step: { id: string; name: string; kind: string; content: unknown }): DocumentStep {
  return {
    ...step,
    questions: step.kind === 'survey' || step.kind === 'quiz' ? answerableQuestions(step.content) : [],
    slots: step.kind === 'upload' ? readUploadSlots(step.content) : [],
    miniDyi: step.kind === 'miniDyi' ? readMiniDyiStepContent(step.content).content : undefined,
  };
}

export interface DocumentSource {
  submission: Pick<SubmissionHead, 'id' | 'code' | 'closed' | 'openedAt' | 'submittedAt' | 'quizScore' | 'sroiScore'>;
  callName: string;
  organisation: PdfOrganisationDto;
  referent: PdfReferentDto;
  user: SubmissionHead['user'];
  steps: DocumentStep[];
  results: Map<string, DocumentResult>;
  attachments: DocumentAttachment[];
  logo: PdfLogoDto;
}

export function slotFile(attachments: readonly DocumentAttachment[], stepId: string, slotIndex: number): DocumentAttachment | undefined {
  return attachments.find((a) => a.stepId === stepId && a.slotIndex === slotIndex);
}

/** A step's lines as a person reads them: survey and quiz answers by label, upload slots with their files; none for other kinds. */
export function stepEntries(
  step: DocumentStep,
  result: DocumentResult | undefined,
  attachments: readonly DocumentAttachment[],
  language: Language,
): PdfEntryDto[] {
  if (step.kind === 'survey' || step.kind === 'quiz') {
    const data = result ? readSurveyResult(result.content).data : {};
    return answersFor(step.questions, data, language).map((a) => ({ label: a.title, value: a.answer, answered: a.answered }));
  }
  if (step.kind === 'upload') {
    return step.slots.map((slot, index) => {
      const file = slotFile(attachments, step.id, index);
      const detail = file ? [formatFileSize(file.size, language), file.description].filter(Boolean).join(' · ') : undefined;
      return {
        label: slot.mandatory ? `${slot.file_name} (${translate(language, 'documents.pdf.slot-mandatory')})` : slot.file_name,
        value: file?.fileName ?? '',
        answered: !!file,
        ...(detail ? { detail } : {}),
      };
    });
  }
  return [];
}

export function sdgTile(code: number, language: Language): PdfSdgDto | null {
  const info = sdgInfo(code);
  return info ? { code, name: sdgName(code, language), colour: info.colour, textColour: sdgTextColour(code) } : null;
}

const finite = (n: number | undefined | null) => (typeof n === 'number' && Number.isFinite(n) ? n : null);

/** A miniDyi step's answers as a summary: budget, SDGs with their colours, outcomes, indicators, and the SROI over the years. */
export function miniDyiSummary(step: DocumentStep, result: DocumentResult | undefined, language: Language): PdfMiniDyiDto {
  const options = step.miniDyi ?? readMiniDyiStepContent(step.content).content;
  const state = readMiniDyiState(result?.content ?? {}, step.id, options);
  const sroi = computeSroi(state, options.sroi);
  return {
    stepId: step.id,
    title: step.name,
    budget: state.budget,
    budgetSpent: state.budgetSpent,
    sdgs: state.sdg.map((code) => sdgTile(code, language)).filter((s): s is PdfSdgDto => !!s),
    outcomes: state.selectedOutcomes.map((o) => ({
      name: o.outcomeName,
      sdg: o.sdg === null ? null : sdgTile(o.sdg, language),
      stakeholder: o.stakeholderName,
      custom: isCustomOutcome(o),
      indicators: o.indicators.map((i) => ({
        name: i.indicatorName,
        target: i.indicatorTargetValue,
        proxyName: i.proxyName,
        proxyValue: i.proxyValue,
        value: i.indicatorTargetValue !== null && i.proxyValue !== null ? i.indicatorTargetValue * i.proxyValue : null,
      })),
    })),
    sroi: {
      years: sroi.options.years,
      annualValue: sroi.annualValue,
      yearValues: sroi.yearValues,
      presentValue: sroi.presentValue,
      sroi: finite(sroi.sroi),
      ratio: formatSroi(sroi.sroi, language),
      overThreshold: sroi.overThreshold,
    },
  };
}

/** A results step's lines: the quiz score and the SROI, as the applicant's results screen shows them. */
function resultsEntries({ quizScore, sroiScore, closed }: DocumentSource['submission'], language: Language): PdfEntryDto[] {
  const L = (key: string) => translate(language, `documents.pdf.${key}`);
  const quiz = quizScore !== null ? formatQuizScore(quizScore, language) : L(closed ? 'results-none' : 'quiz-score-pending');
  return [
    { label: L('quiz-score'), value: quiz, answered: quizScore !== null },
    { label: L('sroi'), value: sroiScore !== null ? formatSroi(sroiScore, language) : L('results-none'), answered: sroiScore !== null },
  ];
}

function resultsHtml(content: unknown): string {
  const html = content && typeof content === 'object' ? (content as { html?: unknown }).html : undefined;
  return typeof html === 'string' ? sanitizeRichHtml(html) : '';
}

/** The spec's PDF export data (GetAllAnswerForPdf) of one submission, in a language. */
export function buildPdfExport(source: DocumentSource, language: Language): PdfExportDto {
  const { submission: s, steps, results, attachments, user } = source;
  const sections: PdfSectionDto[] = steps.map((step, i) => {
    const result = results.get(step.id);
    return {
      stepId: step.id,
      number: i + 1,
      title: step.name,
      kind: step.kind,
      html:
        step.kind === 'text' ? sanitizeRichHtml(readTextContent(step.content)) : step.kind === 'results' ? resultsHtml(step.content) : '',
      entries: step.kind === 'results' ? resultsEntries(s, language) : stepEntries(step, result, attachments, language),
      score: step.kind === 'quiz' && s.closed ? finite(result?.score) : null,
    };
  });
  const slotName = (a: DocumentAttachment) => {
    const step = steps.find((x) => x.id === a.stepId);
    return (a.slotIndex !== null && step?.slots[a.slotIndex]?.file_name) || step?.name || '';
  };
  const files: PdfAttachmentDto[] = attachments.map((a) => ({
    stepId: a.stepId ?? '',
    slot: slotName(a),
    slotIndex: a.slotIndex ?? 0,
    fileName: a.fileName,
    size: a.size,
    description: a.description,
    type: a.type,
    fileDownloadId: a.downloadId,
  }));
  return {
    language,
    configLogo: source.logo,
    callName: source.callName,
    submittedBy: user ? `${`${user.firstName} ${user.lastName}`.trim()} <${user.email}>`.trim() : '',
    submissionDateTime: s.submittedAt ? s.submittedAt.toISOString() : null,
    openedAt: s.openedAt.toISOString(),
    submissionId: s.id,
    submissionCode: s.code,
    closed: s.closed,
    organisation: source.organisation,
    referent: source.referent,
    sectionsForPDF: sections,
    attachments: files,
    miniDyi: steps.filter((x) => x.kind === 'miniDyi').map((x) => miniDyiSummary(x, results.get(x.id), language)),
    quizScore: s.quizScore,
    sroiScore: s.sroiScore,
  };
}

/** The PDF's fixed file name: `application-<code>.pdf` (the code is server-made: letters, digits, dashes). */
export function pdfFileName(code: string): string {
  return `application-${code.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
}
