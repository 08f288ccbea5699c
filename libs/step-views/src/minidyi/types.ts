import type { Language, MiniDyiState, MiniDyiStepContent } from '@impact-calls/domain';

/** What every miniDyi sub-step screen gets. */
export interface SubStepProps {
  state: MiniDyiState;
  settings: MiniDyiStepContent;
  /** The framework of the step (its content's, or the call's). */
  frameworkId: string | null;
  readOnly: boolean;
  language: Language;
  /** Applies a reducer's result (the same object means "nothing happened": ignored). */
  update(next: MiniDyiState): void;
}
