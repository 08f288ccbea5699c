/**
 * The step renderers, shared: the applicant fill screen and the console's submission
 * review (admin-ui) both import from here. Nothing here imports either app's modules.
 */
export { FillTextProvider, useFillText, type FillTranslate } from './FillText';
export { NotImplementedStep } from './NotImplementedStep';
export { STEP_RENDERERS, StepView } from './StepView';
export { formatBytes } from './upload/UploadStep';
export type { FillAttachment, FillScores, FillStep, StepNavigator, StepRendererProps, UploadActions, UploadProgress } from './types';
export { InputValidityProvider, useInputValidity, type InputValidity } from './InputValidity';
