import { isEmptyId } from '@impact-calls/domain';
import type { Schemas } from '@impact-calls/api-client';

export type UserCall = Schemas['CallUserDto'];

/** The main button of a call card (spec: submit, resume, or application submitted / view recap, or closed). */
export type PrimaryAction = 'submit' | 'resume' | 'submitted' | 'closed';

export interface ButtonState {
  visible: boolean;
  enabled: boolean;
}

export interface CardActions {
  primary: PrimaryAction;
  primaryEnabled: boolean;
  /** Read-only view of the organization's submission. */
  viewRecap: ButtonState;
  /** The applicant's analytics report (Power BI available and the user report ids set; not before the lock end date). */
  viewReport: ButtonState;
  /** The call's file for applicants (customFile). */
  downloadFile: ButtonState;
  /** The submission's PDF: when the call allows it and the submission is closed. */
  downloadPdf: ButtonState;
}

/**
 * Which buttons a call card shows and which work. Everything is disabled while no
 * organization is selected (spec section 2); the API enforces the same rules. The report
 * button shows only when Power BI embedding is available (GET /api/PowerBi/Available).
 */
export function cardActions(call: UserCall, hasOrganization: boolean, reportsAvailable = false, mayWrite = true): CardActions {
  const started = !isEmptyId(call.submissionId);
  const open = call.status === 'open';
  let primary: PrimaryAction;
  if (started && call.submissionClosed) primary = 'submitted';
  else if (!open) primary = 'closed';
  else primary = started ? 'resume' : 'submit';
  const on = (visible: boolean, enabled: boolean): ButtonState => ({ visible, enabled: visible && hasOrganization && enabled });
  return {
    primary,
    // A viewer of the organization reads an application already started, and starts none.
    primaryEnabled: hasOrganization && ((primary === 'submit' && mayWrite) || primary === 'resume'),
    viewRecap: on(started && (call.submissionClosed || !open), true),
    viewReport: on(reportsAvailable && !!call.userPowerBIWorkspaceID && !!call.userPowerBIReportID, !call.locked),
    downloadFile: on(!!call.customFile, true),
    downloadPdf: on(call.enableUserDownloadPdf, started && call.submissionClosed),
  };
}
