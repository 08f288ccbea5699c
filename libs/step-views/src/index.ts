/**
 * The step views, shared by the applicant app (the fill screen) and the console (the
 * submission review, the attachments pages): a workspace package so that neither app imports
 * the other's source. Renderers are presentational: data comes in as props, actions (save,
 * upload, download) go out as callbacks, texts come from FillTextProvider (each app hands in
 * its own translate function over the catalogs of libs/domain). They import nothing of
 * either app.
 */
export { FillTextProvider, useFillText, type FillTranslate } from './FillText';
export { NotImplementedStep } from './NotImplementedStep';
export { STEP_RENDERERS, StepView } from './StepView';
export { explainChoiceLimits } from './survey/choiceLimits';
export { VISUALLY_HIDDEN } from './visuallyHidden';
export { ReportEmbed, type ReportEmbedData } from './powerbi/ReportEmbed';
export type { FillAttachment, FillScores, FillStep, StepNavigator, StepRendererProps, UploadActions, UploadProgress } from './types';
export { InputValidityProvider, useInputValidity, type InputValidity } from './InputValidity';
export { MiniDyiDataProvider, type IndicatorInfo, type MiniDyiData, type OutcomeInfo } from './minidyi/data';
export { MiniDyiSummary } from './minidyi/MiniDyiSummary';
export { formatMoney, formatNumber, toLanguage } from './minidyi/format';
export {
  isMiniDyiStep,
  MINIDYI_KIND,
  miniDyiIssueSelector,
  miniDyiIssueSub,
  miniDyiNextBlock,
  miniDyiSettings,
  miniDyiShowsIssue,
  miniDyiSubStepAt,
  miniDyiSubStepCount,
  miniDyiSubStepLabelKey,
} from './minidyi/subSteps';
