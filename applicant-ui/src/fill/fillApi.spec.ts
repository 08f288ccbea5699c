import { describe, expect, it, vi } from 'vitest';
import type { api } from '../api/client';
import { downloadSubmissionPdf } from './fillApi';

describe("the submission PDF in the applicant's time zone", () => {
  it("asks for it with the browser's zone, so its dates read as the closing page's", async () => {
    // A refusal: the download stops at the answer, after the request was made.
    const get = vi.fn(async () => ({ error: { key: 'errors.x' }, response: new Response(null, { status: 409 }) }));
    await expect(downloadSubmissionPdf({ GET: get } as unknown as typeof api, 's1', 'it')).rejects.toThrow();
    expect(get).toHaveBeenCalledWith('/api/Call/GetSubmissionPdf', {
      params: { query: { submissionId: 's1', lang: 'it', tz: Intl.DateTimeFormat().resolvedOptions().timeZone } },
      parseAs: 'stream',
    });
  });
});
