import { describe, expect, it } from 'vitest';
import { newCallValues, toCallFormValues, toCallPayload, type CallFormValues, type CallRecord } from './callModel';

describe('call editor model', () => {
  it('starts a new call one month and three months ahead', () => {
    const v = newCallValues(new Date('2030-01-15T10:00:00Z'));
    expect(v.openingAt).toBe('2030-02-15T10:00:00.000Z');
    expect(v.closingAt).toBe('2030-04-15T10:00:00.000Z');
    expect(v.callType?.steps).toEqual([]);
  });

  it('sends only the accepted fields, empty analytics ids as null and the steps in order', () => {
    const values = {
      id: 'c1',
      version: 3,
      name: ' Call ',
      description: '<p>x</p>',
      openingAt: new Date('2030-01-01T00:00:00Z'),
      closingAt: '2030-02-01T00:00:00.000Z',
      callLockEnd: null,
      isUserFilterEnable: true,
      userFilterEmail: ' A@x.org,b@y.org ',
      enableUserDownloadPdf: true,
      impactFrameworkId: '',
      powerBIWorkspaceID: ' ',
      powerBIReportID: 'r1',
      userPowerBIWorkspaceID: null,
      userPowerBIReportID: '',
      submissionCount: 4,
      createdAt: 'x',
      callTypeId: 't1',
      callType: {
        id: 't1',
        version: 2,
        name: '',
        description: '',
        steps: [
          { id: 's2', name: ' Second ', description: '', stepTypeId: 'k1', content: { html: '<p>b</p>' } },
          { name: 'New', stepTypeId: 'k2', content: [] },
        ],
      },
    } as unknown as CallFormValues;
    const body = toCallPayload(values, { update: true, withSteps: true });
    expect(body).toEqual({
      name: 'Call',
      description: '<p>x</p>',
      openingAt: '2030-01-01T00:00:00.000Z',
      closingAt: '2030-02-01T00:00:00.000Z',
      callLockEnd: null,
      isUserFilterEnable: true,
      userFilterEmail: 'a@x.org, b@y.org',
      enableUserDownloadPdf: true,
      impactFrameworkId: null,
      powerBIWorkspaceID: null,
      powerBIReportID: 'r1',
      userPowerBIWorkspaceID: null,
      userPowerBIReportID: null,
      version: 3,
      callType: {
        id: 't1',
        version: 2,
        name: 'Call',
        description: 'Call',
        steps: [
          { id: 's2', name: 'Second', description: '', stepTypeId: 'k1', content: { html: '<p>b</p>' } },
          { name: 'New', description: '', stepTypeId: 'k2', content: [] },
        ],
      },
    });
    expect(toCallPayload(values, { update: false, withSteps: false })).toMatchObject({ callTypeId: 't1' });
    expect(toCallPayload(values, { update: false, withSteps: false })).not.toHaveProperty('version');
  });

  it('leaves out a lock end date the form does not give (a saved one, shown disabled): the API keeps it', () => {
    const values = { ...newCallValues(), name: 'Locked', callLockEnd: undefined } as unknown as CallFormValues;
    expect(toCallPayload(values, { update: true, withSteps: false })).not.toHaveProperty('callLockEnd');
    expect(toCallPayload({ ...values, callLockEnd: null }, { update: true, withSteps: false }).callLockEnd).toBeNull();
    expect(toCallPayload({ ...values, callLockEnd: '2031-01-01T10:00:00Z' }, { update: true, withSteps: false }).callLockEnd).toBe(
      '2031-01-01T10:00:00.000Z',
    );
  });

  it('puts the quiz answer key back into the editable JSON', () => {
    const record = {
      id: 'c1',
      callType: {
        id: 't1',
        version: 1,
        name: 'T',
        description: 'D',
        steps: [
          {
            id: 's1',
            name: 'Quiz',
            description: '',
            stepTypeId: 'q',
            stepType: { id: 'q', name: 'quiz' },
            stepTypeName: 'quiz',
            content: { pages: [{ name: 'p', elements: [{ type: 'radiogroup', name: 'q1', choices: ['a', 'b'] }] }] },
            expectedAnswers: { q1: 'b' },
          },
          {
            id: 's2',
            name: 'Dyi',
            description: '',
            stepTypeId: 'm',
            stepType: { id: 'm', name: 'miniDyi' },
            stepTypeName: 'miniDyi',
            content: '0B6F6F8E-2D43-4A8E-9F5E-1C2D3E4F5A6B',
            expectedAnswers: null,
          },
        ],
      },
    } as unknown as CallRecord;
    const form = toCallFormValues(record);
    expect(form.callType!.steps[0].content).toEqual({
      pages: [{ name: 'p', elements: [{ type: 'radiogroup', name: 'q1', choices: ['a', 'b'], correctAnswer: 'b' }] }],
    });
    expect(form.callType!.steps[1].content).toEqual({
      frameworkId: '0b6f6f8e-2d43-4a8e-9f5e-1c2d3e4f5a6b',
      showSdgFilter: true,
      maxOutcomeSelect: 4,
      maxSdgSelect: 4,
      sroi: { years: 3, discountRate: 0, deadweight: 0, displacement: 0, attribution: 0, dropOff: 0, rampUp: 'flat' },
    });
  });
});
