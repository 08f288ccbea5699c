import { EMPTY_ID } from '@impact-calls/domain';
import { describe, expect, it } from 'vitest';
import { cardActions, type UserCall } from './callActions';

const base: UserCall = {
  id: 'c1',
  name: 'Call',
  description: '',
  callTypeId: 't1',
  type: 't1',
  openingAt: '2030-01-01T00:00:00.000Z',
  closingAt: '2030-02-01T00:00:00.000Z',
  status: 'open',
  phase: 'open',
  callLockEnd: null,
  locked: false,
  isUserFilterEnable: false,
  enableUserDownloadPdf: false,
  impactFrameworkId: null,
  userPowerBIWorkspaceID: null,
  userPowerBIReportID: null,
  customFile: null,
  submissionId: EMPTY_ID,
  submissionClosed: false,
  decision: null,
};

describe('cardActions', () => {
  it('offers submit on an open call not started, resume once started', () => {
    expect(cardActions(base, true)).toMatchObject({ primary: 'submit', primaryEnabled: true, viewRecap: { visible: false } });
    expect(cardActions({ ...base, submissionId: 's1' }, true)).toMatchObject({ primary: 'resume', primaryEnabled: true });
  });

  it("lets a viewer open the organization's application but start none", () => {
    expect(cardActions(base, true, false, false)).toMatchObject({ primary: 'submit', primaryEnabled: false });
    expect(cardActions({ ...base, submissionId: 's1' }, true, false, false)).toMatchObject({ primary: 'resume', primaryEnabled: true });
  });

  it('shows application submitted with the recap once closed', () => {
    const a = cardActions({ ...base, submissionId: 's1', submissionClosed: true }, true);
    expect(a).toMatchObject({ primary: 'submitted', primaryEnabled: false, viewRecap: { visible: true, enabled: true } });
  });

  it('shows closed on a closed call, with the recap of a started submission', () => {
    expect(cardActions({ ...base, status: 'close', phase: 'closed' }, true)).toMatchObject({
      primary: 'closed',
      primaryEnabled: false,
      viewRecap: { visible: false },
    });
    expect(cardActions({ ...base, status: 'close', phase: 'closed', submissionId: 's1' }, true).viewRecap).toEqual({
      visible: true,
      enabled: true,
    });
    expect(cardActions({ ...base, status: 'close', phase: 'upcoming' }, true).primary).toBe('closed');
  });

  it('disables everything without an organization', () => {
    const call = {
      ...base,
      submissionId: 's1',
      submissionClosed: true,
      enableUserDownloadPdf: true,
      customFile: { id: 'f', name: 'f.pdf' },
      userPowerBIWorkspaceID: 'w',
      userPowerBIReportID: 'r',
    };
    const a = cardActions(call, false, true);
    expect(a.primaryEnabled).toBe(false);
    for (const b of [a.viewRecap, a.viewReport, a.downloadFile, a.downloadPdf]) expect(b).toEqual({ visible: true, enabled: false });
    expect(cardActions({ ...base }, false).primaryEnabled).toBe(false);
  });

  it('offers the PDF only for a closed submission of a call that allows it, and the report only after the lock', () => {
    expect(cardActions({ ...base, enableUserDownloadPdf: true, submissionId: 's1' }, true).downloadPdf).toEqual({
      visible: true,
      enabled: false,
    });
    expect(cardActions({ ...base, enableUserDownloadPdf: true, submissionId: 's1', submissionClosed: true }, true).downloadPdf).toEqual({
      visible: true,
      enabled: true,
    });
    expect(cardActions(base, true).downloadPdf.visible).toBe(false);
    const report = { ...base, userPowerBIWorkspaceID: 'w', userPowerBIReportID: 'r' };
    expect(cardActions(report, true, true).viewReport).toEqual({ visible: true, enabled: true });
    expect(cardActions({ ...report, locked: true }, true, true).viewReport).toEqual({ visible: true, enabled: false });
    expect(cardActions({ ...base, userPowerBIWorkspaceID: 'w' }, true, true).viewReport.visible).toBe(false);
    // Issue 18: ids set but Power BI not available (no service principal): no button leading nowhere.
    expect(cardActions(report, true, false).viewReport.visible).toBe(false);
    expect(cardActions(report, true).viewReport.visible).toBe(false);
    expect(cardActions({ ...base, customFile: { id: 'f', name: 'x' } }, true).downloadFile).toEqual({ visible: true, enabled: true });
  });
});
