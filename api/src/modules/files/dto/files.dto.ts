import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FILE_PURPOSES, type FilePurpose } from '@impact-calls/domain';
import { EnumField, IntField, StringField, UuidField } from '../../../common/validation/fields.js';

export class AttachmentTypeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'pdf, excel, word, image or video' }) code: string;
  @ApiProperty() name: string;
}

export class AttachmentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() fileName: string;
  @ApiProperty({ format: 'uuid', description: 'For GetFile?downloadId=' }) fileDownloadId: string;
  @ApiProperty({ description: 'The kind: pdf, excel, word, image or video' }) attachedType: string;
  @ApiProperty({ format: 'uuid' }) attachmentTypeId: string;
  @ApiProperty() description: string;
  @ApiProperty({ description: 'Size in bytes' }) dimensions: number;
  @ApiProperty() mimeType: string;
  @ApiProperty({ enum: FILE_PURPOSES, enumName: 'FilePurpose' }) purpose: FilePurpose;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) submissionId: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) stepId: string | null;
  @ApiProperty({ type: Number, nullable: true }) slotIndex: number | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value);
const blankToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** UploadFile's text fields: with CallSubmissionId, StepId and SlotIndex the file fills a slot, else it is an administrator's file. */
export class UploadFileDto {
  @StringField({ maxLength: 300, optional: true, description: 'Display name (default: the file name); the extension is kept' })
  Nome?: string;

  @StringField({ maxLength: 20_000, optional: true, trim: false, description: 'Cut to 1024 characters' })
  Descrizione?: string;

  @UuidField({ optional: true, description: 'The attachment type (GetAttachmentTypes); must match the bytes when given' })
  @Transform(blankToUndefined)
  TipoFileId?: string;

  @UuidField({ optional: true, description: 'The submission the file belongs to' })
  @Transform(blankToUndefined)
  CallSubmissionId?: string;

  @UuidField({ optional: true, description: 'The upload step (with CallSubmissionId)' })
  @Transform(blankToUndefined)
  StepId?: string;

  @IntField({ optional: true, min: 0, max: 999, description: 'The slot of the upload step, from 0 (with CallSubmissionId)' })
  @Transform(toInt)
  SlotIndex?: number;

  @EnumField(FILE_PURPOSES, {
    enumName: 'FilePurpose',
    optional: true,
    description: 'submission (default with CallSubmissionId), custom-file or library (administrators)',
  })
  @Transform(blankToUndefined)
  Purpose?: FilePurpose;
}

/** The multipart schema of UploadFile, for the OpenAPI document. */
export const UPLOAD_FILE_SCHEMA = {
  type: 'object',
  required: ['File'],
  properties: {
    File: { type: 'string', format: 'binary' },
    Nome: { type: 'string', maxLength: 300 },
    Descrizione: { type: 'string' },
    TipoFileId: { type: 'string', format: 'uuid' },
    CallSubmissionId: { type: 'string', format: 'uuid' },
    StepId: { type: 'string', format: 'uuid' },
    SlotIndex: { type: 'integer', minimum: 0 },
    Purpose: { type: 'string', enum: [...FILE_PURPOSES] },
  },
} as const;
