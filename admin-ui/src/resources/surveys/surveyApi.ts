import { unwrap, type Schemas } from '@impact-calls/api-client';
import { api } from '../../providers/client';

export type SurveyRecord = Schemas['SurveyTypeDto'];

/** POST /api/SJSurvey/CreateSurveyType: a survey of the library (name, description, optional JSON). */
export function createSurveyType(body: Schemas['CreateSurveyTypeDto']): Promise<SurveyRecord> {
  return unwrap(api.POST('/api/SJSurvey/CreateSurveyType', { body }));
}
