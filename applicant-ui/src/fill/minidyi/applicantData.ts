import { unwrap } from '@impact-calls/api-client';
import { api } from '../../api/client';
import { orgHeader } from '../fillApi';
import type { MiniDyiData } from '@impact-calls/step-views';

/** The applicant app's miniDyi data: the Impact framework, Outcome and Indicator operations of the API. */
export function applicantMiniDyiData(submissionId: string): MiniDyiData {
  return {
    async outcomes(frameworkId, sdgs) {
      const rows = await unwrap(api.POST('/api/Outcome/GetOutcomeType', { params: { query: { ifSetId: frameworkId } }, body: sdgs }));
      return rows.map((o) => ({ outcomeId: o.id, outcomeName: o.name, sdg: o.sdg, description: o.description }));
    },
    async indicators(outcomeIds) {
      const rows = await unwrap(api.POST('/api/Indicator/GetIndicatorType', { body: outcomeIds }));
      return rows.map((i) => ({
        indicatorId: i.id,
        indicatorName: i.name,
        description: i.description,
        outcomeId: i.outcomeTypeId,
        proxyId: i.proxyTypeID,
        proxyName: i.proxyTypeName,
        proxyValue: i.proxyTypeDefaultValue,
        sourceName: i.proxySourceName,
        sourceUrl: i.proxySourceUrl,
      }));
    },
    async stakeholders(frameworkId) {
      const rows = await unwrap(api.GET('/api/ImpactFramework/GetStakeholderType', { params: { query: { ifSetId: frameworkId } } }));
      return rows.map((s) => ({ stakeholderId: s.id, stakeholderName: s.name }));
    },
    async frameworkOf(stepId) {
      const r = await unwrap(api.GET('/api/ImpactFramework/MiniDYI', { params: { query: { submissionId, stepId }, header: orgHeader() } }));
      return r.frameworkId;
    },
  };
}
