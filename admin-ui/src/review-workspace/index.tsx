import { lazy } from 'react';

/**
 * The reviewer's workspace (custom routes, App.tsx): the calls I review, my assignments in one,
 * and an application beside its scoring form. Loaded when first shown.
 */
export const ReviewCallsRoute = lazy(() => import('./ReviewCallsPage').then((m) => ({ default: m.ReviewCallsPage })));
export const ReviewAssignmentsRoute = lazy(() => import('./ReviewAssignmentsPage').then((m) => ({ default: m.ReviewAssignmentsPage })));
export const ReviewWorkspaceRoute = lazy(() => import('./ReviewWorkspacePage').then((m) => ({ default: m.ReviewWorkspacePage })));
