import { fillPositions, INCOMPLETE_KEYS, isLastPosition, nextPosition, previousPosition, type FillPosition } from '@impact-calls/domain';
import {
  isMiniDyiStep,
  miniDyiIssueSelector,
  miniDyiNextBlock,
  miniDyiShowsIssue,
  miniDyiSubStepCount,
  type InputValidity,
  type StepNavigator,
} from '@impact-calls/step-views';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { stepReason, type ContentOf } from './completeness';
import type { Submission } from './fillApi';

/** `step/3` or `step/3/1` -> the position; anything else -> the first one. */
export function parsePosition(splat: string | undefined): FillPosition {
  const m = /^step\/(\d+)(?:\/(\d+))?\/?$/.exec(splat ?? '');
  return m ? { step: Number(m[1]), sub: Number(m[2] ?? 0) } : { step: 0, sub: 0 };
}

/** The URL of a position of the fill screen. */
export function positionPath(submissionId: string, p: FillPosition, readonly = false): string {
  return `/call/${submissionId}/step/${p.step}${p.sub ? `/${p.sub}` : ''}${readonly ? '?readonly=true' : ''}`;
}

/** Why Next or Submit was refused: the message key shown under the step, and that step. */
export interface Blocked {
  key: string;
  step: number;
}

/** Moves focus to the first field marked invalid on the step, so the applicant sees what stops them. */
function focusInvalid() {
  focusFirst('[aria-invalid="true"]');
}

function focusFirst(selector: string) {
  window.setTimeout(() => document.querySelector<HTMLElement>(`#main-content ${selector}`)?.focus(), 0);
}

const INCOMPLETE_MESSAGES = new Set(Object.values(INCOMPLETE_KEYS));

export interface FillNavigationOptions {
  submission: Submission;
  /** The route's rest: `step/3`, `step/3/1`, or '' (the first position). */
  splat: string;
  readOnly: boolean;
  /** `?readonly=true`: kept on every position's URL. */
  readonlyParam: boolean;
  contentOf: ContentOf;
}

/**
 * The fill screen's navigation, one state machine: the positions (steps, and the sub-steps of
 * miniDyi steps) live in the URL; Previous and Next first drive the current step's own pages
 * (survey, quiz: one navigation), and Next refuses invalid input or an incomplete
 * step with a message (`blocked`) that goes away once the applicant moves or types.
 */
export function useFillNavigation({ submission, splat, readOnly, readonlyParam, contentOf }: FillNavigationOptions) {
  const navigate = useNavigate();
  const steps = submission.steps;
  const positions = useMemo(() => fillPositions(steps.length, (i) => miniDyiSubStepCount(steps[i])), [steps]);
  const requested = parsePosition(splat);
  const current = positions.find((p) => p.step === requested.step && p.sub === requested.sub) ?? positions[0];
  const [refusal, setBlocked] = useState<Blocked | undefined>();
  // "This step is incomplete" holds only while it does: files change without the answers
  // changing (an upload), and the message goes once the step's own rule says it is complete.
  const blocked =
    refusal && INCOMPLETE_MESSAGES.has(refusal.key) && !stepReason(submission, refusal.step, contentOf(refusal.step)) ? undefined : refusal;

  // The current step's pages (survey, quiz), driven by Previous and Next (one navigation). The
  // step registers its navigator again when its page changes, so the buttons follow it.
  const navigator = useRef<StepNavigator | null>(null);
  const [pages, setPages] = useState({ hasPrevious: false, hasNext: false });
  const registerNavigator = useCallback((n: StepNavigator | null) => {
    navigator.current = n;
    setPages({ hasPrevious: !!n?.hasPrevious(), hasNext: !!n?.hasNext() });
  }, []);

  // Inputs of the current position holding what is not a valid value: "next" stops.
  const invalidInputs = useRef(new Set<string>());
  const validity: InputValidity = useMemo(
    () => ({
      report: (id, invalid) => {
        if (invalid) invalidInputs.current.add(id);
        else invalidInputs.current.delete(id);
      },
    }),
    [],
  );

  const go = (p: FillPosition) => {
    setBlocked(undefined);
    void navigate(positionPath(submission.id, p, readonlyParam));
    window.scrollTo({ top: 0 });
  };

  /**
   * What Next does first on the current position: refuse invalid input, and let a step with
   * pages move to its next page. Answers true when the position may be left.
   */
  const leaveCurrent = (): boolean => {
    if (readOnly) return true;
    if (invalidInputs.current.size > 0) {
      setBlocked({ key: 'fill.invalid-input', step: current.step });
      focusInvalid();
      return false;
    }
    const paged = navigator.current?.next();
    if (paged === 'moved') {
      setBlocked(undefined);
      window.scrollTo({ top: 0 });
      return false;
    }
    if (paged === 'blocked') {
      setBlocked({ key: 'fill.survey.page-invalid', step: current.step });
      return false;
    }
    // 'done': the survey validated its last page and is complete now (its answers are being saved).
    if (paged === 'done') return true;
    if (isMiniDyiStep(steps[current.step])) {
      // miniDyi: each sub-step's own rules (e.g. a stakeholder per outcome), the whole step's when leaving it.
      const issue = miniDyiNextBlock(steps[current.step], contentOf(current.step), current.sub);
      if (issue && miniDyiShowsIssue(steps[current.step], current.sub, issue)) {
        // The sub-step shows this message itself: move to it rather than say it twice.
        setBlocked(undefined);
        focusFirst(miniDyiIssueSelector(issue.key));
        return false;
      }
      if (issue) {
        setBlocked({ key: issue.key, step: current.step });
        return false;
      }
    } else {
      const reason = stepReason(submission, current.step, contentOf(current.step));
      if (reason) {
        setBlocked({ key: INCOMPLETE_KEYS[reason], step: current.step });
        return false;
      }
    }
    return true;
  };

  const next = () => {
    if (!leaveCurrent()) return;
    const p = nextPosition(positions, current);
    if (p) go(p);
  };

  /**
   * What Submit does first on the current position (invalid input, a survey's last page).
   * Undefined when the position must stay; else `completed`, the step whose last page was
   * just completed on screen, if any.
   */
  const leaveForSubmit = (): { completed?: number } | undefined => {
    if (invalidInputs.current.size > 0) {
      setBlocked({ key: 'fill.invalid-input', step: current.step });
      focusInvalid();
      return undefined;
    }
    const paged = navigator.current?.next();
    if (paged === 'moved' || paged === 'blocked') {
      if (paged === 'blocked') setBlocked({ key: 'fill.survey.page-invalid', step: current.step });
      return undefined;
    }
    setBlocked(undefined);
    return { completed: paged === 'done' ? current.step : undefined };
  };

  const previous = previousPosition(positions, current);
  const goBack = () => {
    if (!readOnly && navigator.current?.previous()) {
      setBlocked(undefined);
      window.scrollTo({ top: 0 });
      return;
    }
    if (previous) go(previous);
  };

  return {
    positions,
    current,
    blocked,
    setBlocked,
    registerNavigator,
    validity,
    go,
    next,
    goBack,
    leaveForSubmit,
    showPrevious: !!previous || (!readOnly && pages.hasPrevious),
    last: isLastPosition(positions, current) && !(!readOnly && pages.hasNext),
  };
}
