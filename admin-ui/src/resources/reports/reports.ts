import { downloadFile, unwrap, type DownloadedFile, type Schemas } from '@impact-calls/api-client';
import type { Language, ReportState } from '@impact-calls/domain';
import { api } from '../../providers/client';

export type SurveyStepList = Schemas['SurveyStepListDto'];
export type SurveyReport = Schemas['SurveyReportDto'];
export type ReportQuestion = Schemas['ReportQuestionDto'];
export type ReportCount = Schemas['ReportCountDto'];
export type TextAnswerPage = Schemas['TextAnswerPageDto'];

/** The report's filters: submission state and answer dates (YYYY-MM-DD, '' = open-ended). */
export interface ReportFilterValues {
  state: ReportState;
  from: string;
  to: string;
}

export const DEFAULT_FILTERS: ReportFilterValues = { state: 'submitted', from: '', to: '' };

const filterQuery = (f: ReportFilterValues) => ({ state: f.state, ...(f.from ? { from: f.from } : {}), ...(f.to ? { to: f.to } : {}) });

export function getSurveySteps(callId: string, callTypeId: string, lang: Language): Promise<SurveyStepList> {
  return unwrap(api.GET('/api/admin/reports/calls/{callId}/steps', { params: { path: { callId }, query: { callTypeId, lang } } }));
}

export function getSurveyReport(callId: string, stepId: string, filters: ReportFilterValues, lang: Language): Promise<SurveyReport> {
  return unwrap(
    api.GET('/api/admin/reports/calls/{callId}/steps/{stepId}', {
      params: { path: { callId, stepId }, query: { ...filterQuery(filters), lang } },
    }),
  );
}

export function getTextAnswers(
  callId: string,
  stepId: string,
  question: string,
  o: { filters: ReportFilterValues; search: string; page: number; perPage: number; lang: Language },
): Promise<TextAnswerPage> {
  return unwrap(
    api.GET('/api/admin/reports/calls/{callId}/steps/{stepId}/answers', {
      params: {
        path: { callId, stepId },
        query: {
          question,
          ...filterQuery(o.filters),
          ...(o.search.trim() ? { search: o.search.trim() } : {}),
          page: o.page,
          perPage: o.perPage,
          lang: o.lang,
        },
      },
    }),
  );
}

/** The report's .xlsx (figures and raw answers), through the one download helper. */
export function downloadSurveyReport(callId: string, stepId: string, filters: ReportFilterValues, lang: Language): Promise<DownloadedFile> {
  return downloadFile(
    api.GET('/api/admin/reports/calls/{callId}/steps/{stepId}/xlsx', {
      params: { path: { callId, stepId }, query: { ...filterQuery(filters), lang } },
      parseAs: 'stream',
    }),
  );
}
