/**
 * The contract of the step renderers, shared by the applicant fill screen and the
 * console's read-only review (both import `@impact-calls/step-views`). Renderers are
 * presentational: data comes in as props, actions (save, upload, download) go out as
 * callbacks, texts come from FillTextProvider. They import nothing of either app.
 */
export interface FillStep {
  id: string;
  name: string;
  description: string;
  content: unknown;
  sort: number;
  stepTypeName: string;
}

export interface FillAttachment {
  id: string;
  fileName: string;
  fileDownloadId: string;
  attachedType: string;
  description: string;
  dimensions: number;
  stepId: string | null;
  slotIndex: number | null;
}

export interface FillScores {
  closed: boolean;
  quizScore: number | null;
  sroiScore: number | null;
}

/** What an upload slot reports while a file goes up. */
export interface UploadProgress {
  slotIndex: number;
  fileName: string;
  percent: number;
}

export interface UploadActions {
  /** Uploads into a slot (replacing its file); onProgress gets 0..100. Rejects with an error carrying `key`. */
  upload(slotIndex: number, file: File, description: string, onProgress: (percent: number) => void): Promise<void>;
  remove(attachment: FillAttachment): Promise<void>;
  download(attachment: FillAttachment): Promise<void>;
}

/**
 * A step with its own pages (survey, quiz) lets the fill screen's buttons drive them: one
 * navigation. `next` answers 'moved' (it went to its next page), 'blocked' (it
 * showed what to correct) or 'done' (its last page is valid and the step is complete: the
 * fill screen moves on); `previous` answers true when it went back a page.
 */
export interface StepNavigator {
  next(): 'moved' | 'blocked' | 'done';
  previous(): boolean;
  /** Whether `previous` would go back a page (the fill screen then shows Previous on the step's first position too). */
  hasPrevious(): boolean;
  /** Whether `next` would go to another page (the fill screen then shows Next, not Submit, on the last step). */
  hasNext(): boolean;
}

export interface StepRendererProps {
  step: FillStep;
  /** The saved (or locally edited) answer document of the step, if any. */
  result: unknown;
  readOnly: boolean;
  /** Interface language (it, en, fr). */
  language: string;
  attachments: FillAttachment[];
  scores: FillScores;
  /** Survey and quiz answers as they change (the fill screen autosaves them). */
  onChange?: (content: Record<string, unknown>) => void;
  uploads?: UploadActions;
  /** The fill screen's sub-position within the step, for kinds with sub-steps (miniDyi); undefined shows the whole step (the console's review). */
  subStep?: number;
  /** The fill screen's hook for steps with pages (StepNavigator); absent in the console's review. */
  registerNavigator?: (navigator: StepNavigator | null) => void;
}
