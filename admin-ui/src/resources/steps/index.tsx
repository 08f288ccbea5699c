import { lazy } from 'react';

/**
 * `/admin/steps` (create a step type by name): a custom route, registered in App.tsx.
 * The steps editor of calls and call types is imported from ./StepsEditor by their lazy screens.
 */
export const StepTypesPage = lazy(() => import('./StepTypesPage'));
