import { isStepKind } from '@impact-calls/domain';
import { useTranslate } from 'react-admin';

/** The translated name of a built-in step kind; an added kind shows its own name. */
export function StepKindLabel({ kind }: { kind: string | undefined }) {
  const translate = useTranslate();
  if (!kind) return <>?</>;
  return <>{isStepKind(kind) ? translate(`pages.admin.steps.kinds.${kind}`) : kind}</>;
}
