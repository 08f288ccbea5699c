import { maxLength, required, SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { StepsEditor, stepsComplete } from '../steps/StepsEditor';
import type { StepFormValue } from '../steps/stepModel';

function TypeSave() {
  const [name, description, steps] = useWatch({ name: ['name', 'description', 'steps'] }) as [
    string | undefined,
    string | undefined,
    StepFormValue[] | undefined,
  ];
  const ok = !!name?.trim() && !!description?.trim() && stepsComplete(steps);
  return <SaveButton disabled={!ok} alwaysEnable={ok} />;
}

/** A call type: name and description required (spec section 5), and its ordered steps. */
export function CallTypeForm() {
  return (
    <SimpleForm
      toolbar={
        <Toolbar>
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
