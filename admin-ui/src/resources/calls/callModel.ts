import type { Schemas } from '@impact-calls/api-client';
import { newCallDates, normalizeEmailFilter } from '@impact-calls/domain';
import { toFormStep, toStepInput, type StepFormValue } from '../steps/stepModel';

export type CallListRecord = Schemas['CallAdminDto'];
export type CallRecord = Schemas['CallDetailAdminDto'];
export type CallSave = Schemas['SaveCallDto'];

/** The call editor's form: the call, plus its call type with editable steps. */
export interface CallFormValues {
  id?: string;
  version?: number;
  name: string;
  description: string;
  openingAt: string | Date;
  closingAt: string | Date;
  callLockEnd: string | Date | null;
  isUserFilterEnable: boolean;
  userFilterEmail: string;
  enableUserDownloadPdf: boolean;
  impactFrameworkId: string | null;
  powerBIWorkspaceID: string | null;
  powerBIReportID: string | null;
  userPowerBIWorkspaceID: string | null;
  userPowerBIReportID: string | null;
  callTypeId?: string;
  callType?: { id?: string; version?: number; name: string; description: string; steps: StepFormValue[] };
}

/** A new call from the console's button: opening in one month, closing in three (spec section 9). */
export function newCallValues(now = new Date()): Partial<CallFormValues> {
  const { openingAt, closingAt } = newCallDates(now);
  return {
    name: '',
    description: '',
    openingAt: openingAt.toISOString(),
    closingAt: closingAt.toISOString(),
    callLockEnd: null,
    isUserFilterEnable: false,
    userFilterEmail: '',
    enableUserDownloadPdf: false,
    impactFrameworkId: null,
    callType: { name: '', description: '', steps: [] },
  };
}

/** The saved call (GetCallByIdAdmin / admin resource) as the editor's values. */
export function toCallFormValues(record: CallRecord): CallFormValues {
  return {
    ...record,
    callType: record.callType
      ? {
          id: record.callType.id,
          version: record.callType.version,
          name: record.callType.name,
          description: record.callType.description,
          steps: record.callType.steps.map(toFormStep),
        }
      : undefined,
  };
}

const iso = (v: string | Date | null | undefined): string | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
};

/** Empty analytics ids are stored as null (sent as null, so clearing one works). */
const blank = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/**
 * The body of a save: the call's fields only (react-admin records carry read-only ones the
 * API refuses), the call type with its steps in order when the editor has them, else the
 * call type by id.
 */
export function toCallPayload(values: CallFormValues, { update, withSteps }: { update: boolean; withSteps: boolean }): CallSave {
  const body: CallSave = {
    name: values.name.trim(),
    description: values.description ?? '',
    openingAt: iso(values.openingAt)!,
    closingAt: iso(values.closingAt)!,
    isUserFilterEnable: !!values.isUserFilterEnable,
    userFilterEmail: normalizeEmailFilter(values.userFilterEmail),
    enableUserDownloadPdf: !!values.enableUserDownloadPdf,
    impactFrameworkId: values.impactFrameworkId || null,
    powerBIWorkspaceID: blank(values.powerBIWorkspaceID),
    powerBIReportID: blank(values.powerBIReportID),
    userPowerBIWorkspaceID: blank(values.userPowerBIWorkspaceID),
    userPowerBIReportID: blank(values.userPowerBIReportID),
  };
  // A saved lock end date is shown disabled, and a disabled input gives no value: sending null
  // would ask the API to remove the date (refused). Left out, the API keeps it.
  if (values.callLockEnd !== undefined) body.callLockEnd = iso(values.callLockEnd);
  // An update always says which version it was made from (the API answers 428 otherwise).
  if (update) body.version = values.version;
  if (withSteps && values.callType) {
    const t = values.callType;
    body.callType = {
      ...(t.id ? { id: t.id, version: t.version } : {}),
      name: t.name?.trim() || body.name,
      description: t.description?.trim() || body.name,
      steps: (t.steps ?? []).map(toStepInput),
    };
  } else if (values.callTypeId) {
    body.callTypeId = values.callTypeId;
  }
  return body;
}
