import type { FilePurpose } from '@impact-calls/domain';
import type { AttachmentEntity, AttachmentTypeEntity } from './attachment.entity.js';
import type { AttachmentDto } from './dto/files.dto.js';

export type AttachmentWithType = Omit<AttachmentEntity, 'attachmentType'> & { attachmentType?: Pick<AttachmentTypeEntity, 'code'> };

export function toAttachmentDto(a: AttachmentWithType): AttachmentDto {
  return {
    id: a.id,
    fileName: a.fileName,
    fileDownloadId: a.downloadId,
    attachedType: a.attachmentType?.code ?? '',
    attachmentTypeId: a.attachmentTypeId,
    description: a.description,
    dimensions: a.dimensions,
    mimeType: a.mimeType,
    purpose: a.purpose as FilePurpose,
    submissionId: a.submissionId,
    stepId: a.stepId,
    slotIndex: a.slotIndex,
    createdAt: a.createdAt.toISOString(),
  };
}
