import type { Schemas } from '@impact-calls/api-client';
import { toFormStep, toStepInput, type StepFormValue } from '../steps/stepModel';

export type CallTypeRecord = Schemas['CallTypeDto'];
export type CallTypeSummary = Schemas['CallTypeSummaryDto'];

export interface CallTypeFormValues {
  id?: string;
  version?: number;
  name: string;
  description: string;
  steps: StepFormValue[];
}

export function toCallTypeFormValues(record: CallTypeRecord): CallTypeFormValues {
  return {
    id: record.id,
    version: record.version,
    name: record.name,
    description: record.description,
    steps: (record.steps ?? []).map(toFormStep),
  };
}

/** CreateCallType / UpsertCallType body: name, description and the steps in order. */
export function toCallTypePayload(values: CallTypeFormValues): Schemas['CallTypeInputDto'] {
  return {
    // Updating (an id): always the version read; the API answers 428 without it.
    ...(values.id ? { version: values.version } : {}),
    name: values.name.trim(),
    description: values.description.trim(),
    steps: (values.steps ?? []).map(toStepInput),
  };
}
