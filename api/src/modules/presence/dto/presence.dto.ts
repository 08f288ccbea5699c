import { StringField, UuidField } from '../../../common/validation/fields.js';

/** Which step an open application is on, for the connection that opened it. */
export class PresenceStepDto {
  @UuidField() connectionId: string;
  /** The step's id, or a page of the fill without a step ("closing"). */
  @StringField({ maxLength: 64 }) step: string;
}
