import type { FilePurpose } from '@impact-calls/domain';
import type { AttachmentEntity } from './attachment.entity.js';
import type { AttachmentDto } from './dto/files.dto.js';

export function toAttachmentDto(a: AttachmentEntity): AttachmentDto {
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
