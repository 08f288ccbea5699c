import { maxLength, required, SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { StepIssuesAlert } from '../steps/StepIssuesAlert';
import { StepsEditor, stepIssues, stepsComplete } from '../steps/StepsEditor';
import type { StepFormValue } from '../steps/stepModel';
import { useStepTypes } from '../steps/useStepTypes';

function TypeSave() {
  const [name, description, steps] = useWatch({ name: ['name', 'description', 'steps'] }) as [
    string | undefined,
    string | undefined,
    StepFormValue[] | undefined,
  ];
  // A call type edited on its own: its miniDyi steps name their framework.
  const issues = stepIssues(steps, useStepTypes().data, null);
  const ok = !!name?.trim() && !!description?.trim() && stepsComplete(steps) && issues.length === 0;
  return (
    <>
      <SaveButton disabled={!ok} alwaysEnable={ok} />
      <StepIssuesAlert issues={issues} />
    </>
  );
}

/** A call type: name and description required (spec section 5), and its ordered steps. */
export function CallTypeForm() {
  return (
    <SimpleForm
      toolbar={
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <TypeSave />
        </Toolbar>
      }
      sx={{ maxWidth: 1000 }}
    >
      <TextInput source="name" validate={[required(), maxLength(300)]} fullWidth />
      <TextInput source="description" validate={[required(), maxLength(5000)]} multiline fullWidth />
      <StepsEditor source="steps" />
    </SimpleForm>
  );
}
