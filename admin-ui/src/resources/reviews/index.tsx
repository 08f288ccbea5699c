import { lazy } from 'react';

/** `/admin/calls/{callId}/review`: the call's review setup, reviewers and ranked applications (custom route, App.tsx). */
export const CallReviewPage = lazy(() => import('./CallReviewPage'));

/** `/admin/calls/{callId}/review/{submissionId}`: one application's reviews and decision (custom route, App.tsx). */
export const ApplicationReviewPage = lazy(() => import('./ApplicationReviewPage'));
