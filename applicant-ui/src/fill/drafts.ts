/**
 * Unsaved answers kept on this device (localStorage) until the API confirms them, so a
 * reload or a lost connection loses nothing typed. One draft per submission and step,
 * with the version of the saved answers it was made from.
 */
export interface Draft {
  content: Record<string, unknown>;
  baseVersion: number;
  at: number;
}

const PREFIX = 'ic_fill_draft:';
export const draftKey = (submissionId: string, stepId: string) => `${PREFIX}${submissionId}:${stepId}`;

export function readDraft(submissionId: string, stepId: string): Draft | undefined {
  try {
    const raw = localStorage.getItem(draftKey(submissionId, stepId));
    if (!raw) return undefined;
    const d = JSON.parse(raw) as Partial<Draft>;
    if (!d.content || typeof d.content !== 'object' || typeof d.baseVersion !== 'number') return undefined;
    return { content: d.content, baseVersion: d.baseVersion, at: typeof d.at === 'number' ? d.at : 0 };
  } catch {
    return undefined;
  }
}

export function writeDraft(submissionId: string, stepId: string, draft: Draft): void {
  try {
    localStorage.setItem(draftKey(submissionId, stepId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the answers are still saved online.
  }
}

export function clearDraft(submissionId: string, stepId: string): void {
  try {
    localStorage.removeItem(draftKey(submissionId, stepId));
  } catch {
    // nothing to do
  }
}

/** Removes every draft of a submission (once it is closed, they can never be saved). */
export function clearDrafts(submissionId: string): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith(`${PREFIX}${submissionId}:`)) localStorage.removeItem(key);
    }
  } catch {
    // nothing to do
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a step starts from: the draft when it was made from the saved version (it is newer,
 * and must still be saved), else the saved answers. A draft made from an older version
 * means someone saved in between: the saved answers are shown, the caller says so and
 * keeps the draft aside (`draft`) for the applicant to keep instead.
 */
export function startingPoint(
  draft: Draft | undefined,
  saved: { content: unknown; version: number } | undefined,
): { content: unknown; version: number; unsaved: boolean; conflict: boolean; draft?: Record<string, unknown> } {
  const version = saved?.version ?? 0;
  if (!draft || same(draft.content, saved?.content)) return { content: saved?.content, version, unsaved: false, conflict: false };
  if (draft.baseVersion === version) return { content: draft.content, version, unsaved: true, conflict: false };
  return { content: saved?.content, version, unsaved: false, conflict: true, draft: draft.content };
}
