import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { fileTypeFromFile } from 'file-type';
import { randomUUID } from 'node:crypto';
import {
  acceptedKinds,
  cutDescription,
  fileExtension,
  fileKindOf,
  isDropZoneFile,
  maxUploadBytes,
  readUploadSlots,
  safeFileName,
  type DetectedType,
  type FilePurpose,
  type UploadSlot,
} from '@impact-calls/domain';
import { AccessPolicy } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { AppError, badRequest, conflict, notFound } from '../../common/http/app-error.js';
import { SETTINGS, type Settings } from '../../config/settings.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import type { UploadRequest } from '../../common/http/multipart.js';
import type { AttachmentEntity } from './attachment.entity.js';
import { toAttachmentDto } from './attachment.mapper.js';
import { AttachmentRepository, type AttachmentInput } from './attachment.repository.js';
import type { AttachmentDto, AttachmentTypeDto, UploadFileDto } from './dto/files.dto.js';
import { SUBMISSION_SLOTS, type SubmissionSlots } from './submission-slots.js';
import { FILE_STORAGE, type FileStorage, NotFoundInStorage } from './storage/file-storage.js';
import { fileTooLarge } from './upload.interceptor.js';

const fileNotFound = () => notFound('errors.file-not-found', 'File not found');

/** The display name: the given name (or the file's), made safe, with the file's real extension. */
function displayName(given: string | undefined, original: string): string {
  const ext = fileExtension(original);
  const name = safeFileName(given?.trim() ? given : original, `file${ext}`);
  return ext && fileExtension(name) !== ext ? safeFileName(`${name}${ext}`) : name;
}

/** Uploads and downloads: size and kind checked on the server (bytes AND extension), a row only once the bytes are stored. */
@Injectable()
export class FilesService {
  private readonly logger = new Logger('Files');

  constructor(
    private readonly attachments: AttachmentRepository,
    @Inject(SUBMISSION_SLOTS) private readonly submissions: SubmissionSlots,
    private readonly access: AccessPolicy,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async types(): Promise<AttachmentTypeDto[]> {
    return (await this.attachments.types()).map((t) => ({ id: t.id, code: t.code, name: t.name }));
  }

  async upload(
    user: AuthUser,
    organizationId: string | undefined,
    dto: UploadFileDto,
    file: UploadRequest['file'],
  ): Promise<AttachmentDto> {
    if (!file) throw badRequest('errors.upload-no-file', 'Send the file in the field File');
    const purpose: FilePurpose = dto.CallSubmissionId ? 'submission' : (dto.Purpose ?? 'library');
    if (purpose === 'submission' && (dto.Purpose ?? 'submission') !== 'submission') {
      throw badRequest('errors.validation', 'Purpose must be submission with CallSubmissionId', {
        errors: { Purpose: 'must be submission' },
      });
    }

    let slot: UploadSlot | undefined;
    if (purpose === 'submission') {
      if (!organizationId) throw badRequest('errors.organization-required', 'Select an organization first');
      if (!dto.StepId || dto.SlotIndex === undefined) {
        throw badRequest('errors.validation', 'StepId and SlotIndex are required with CallSubmissionId', {
          errors: { StepId: 'required', SlotIndex: 'required' },
        });
      }
      // Checked before storing anything; checked again, locked, when the row is written.
      slot = await this.slotOf(user, organizationId, dto.CallSubmissionId!, dto.StepId, dto.SlotIndex);
    } else {
      // A console file (library, a call's custom file): the policy's library.upload (403 errors.admin-only).
      this.access.requireGranted({ user, organizationId }, Permission.LibraryUpload);
    }

    if (file.size === 0) throw badRequest('errors.file-empty', 'The file is empty');
    const max = maxUploadBytes(purpose, slot);
    if (file.size > max) throw fileTooLarge(max);

    const detected = (await fileTypeFromFile(file.path)) as DetectedType | undefined;
    // The console's drop zone takes fewer types (png, jpeg, docx, mp4, xlsx) than a slot.
    const kind = purpose !== 'library' || isDropZoneFile(detected, file.originalname) ? fileKindOf(detected, file.originalname) : undefined;
    const accepted = acceptedKinds(purpose, slot);
    if (!kind || !accepted.includes(kind)) {
      throw badRequest('errors.file-type-not-allowed', `This kind of file is not accepted here (accepted: ${accepted.join(', ')})`, {
        accepted,
      });
    }
    const type = await this.attachments.typeByCode(kind);
    if (!type) throw badRequest('errors.file-type-not-allowed', 'This kind of file is not accepted here');
    if (dto.TipoFileId && dto.TipoFileId !== type.id) {
      throw badRequest('errors.file-type-mismatch', `The file is a ${kind} file, not of the type chosen`, {
        errors: { TipoFileId: `the file is ${kind}` },
      });
    }

    const storageKey = `${purpose}/${new Date().toISOString().slice(0, 7).replace('-', '/')}/${randomUUID()}`;
    const fileName = displayName(dto.Nome, file.originalname);
    await this.storage.putFile(storageKey, file.path, file.size, detected!.mime, fileName);

    const row: AttachmentInput = {
      purpose,
      attachmentTypeId: type.id,
      fileName,
      description: cutDescription(dto.Descrizione),
      dimensions: file.size,
      mimeType: detected!.mime,
      storageKey,
      downloadId: randomUUID(),
      uploadedById: user.id,
    };
    let replaced: string[] = [];
    let saved: AttachmentEntity;
    try {
      saved = await this.attachments.transaction(async (m) => {
        if (purpose === 'submission') {
          const { submission } = await this.submissions.lockWritable(m, { user, organizationId }, dto.CallSubmissionId!);
          Object.assign(row, {
            submissionId: submission.id,
            organizationId: submission.organizationId,
            stepId: dto.StepId,
            slotIndex: dto.SlotIndex,
          });
          // Replacing: the slot's previous file goes, in the same transaction.
          replaced = await this.attachments.deleteSlot(m, submission.id, dto.StepId!, dto.SlotIndex!);
          await this.checkQuotas(m, submission.id, submission.organizationId, file.size);
        }
        return this.attachments.insert(m, row);
      });
    } catch (e) {
      await this.forget([storageKey]);
      throw e;
    }
    await this.forget(replaced);
    saved.attachmentType = type;
    return toAttachmentDto(saved);
  }

  /** The quotas, checked in the upload's transaction once the replaced file is gone: files per submission, bytes per organization. */
  private async checkQuotas(m: EntityManager, submissionId: string, organizationId: string, bytes: number): Promise<void> {
    const { filesPerSubmission, bytesPerOrganization } = this.settings.quotas;
    if ((await this.attachments.countForSubmission(m, submissionId)) + 1 > filesPerSubmission) {
      throw conflict('errors.quota.files', `A submission holds at most ${filesPerSubmission} files`, {
        quota: 'files-per-submission',
        limit: filesPerSubmission,
      });
    }
    const used = await this.attachments.bytesOfOrganizationLocked(m, organizationId);
    if (used + bytes > bytesPerOrganization) {
      const why = `The organization's files may take at most ${Math.round(bytesPerOrganization / 1024 / 1024)} MB`;
      throw new AppError(HttpStatus.PAYLOAD_TOO_LARGE, 'errors.quota.storage', why, {
        quota: 'bytes-per-organization',
        limit: bytesPerOrganization,
        used,
      });
    }
  }

  /** The slot of an upload step of the submission's call, refusing closed submissions and closed calls. */
  private async slotOf(
    user: AuthUser,
    organizationId: string,
    submissionId: string,
    stepId: string,
    slotIndex: number,
  ): Promise<UploadSlot> {
    return this.attachments.transaction(async (m) => {
      const { step } = await this.submissions.lockWritable(m, { user, organizationId }, submissionId, stepId);
      if (!step || step.kind !== 'upload') throw notFound('errors.step-not-found', 'This upload step is not part of the call');
      const slot = readUploadSlots(step.step.content)[slotIndex];
      if (!slot)
        throw badRequest('errors.upload-slot-not-found', 'This upload step has no such slot', { errors: { SlotIndex: 'no such slot' } });
      return slot;
    });
  }

  async list(user: AuthUser, organizationId: string | undefined, submissionId: string): Promise<AttachmentDto[]> {
    await this.access.requireAccess({ auth: { user, organizationId }, permission: Permission.SubmissionReview, ids: [submissionId] });
    return (await this.attachments.ofSubmission(submissionId)).map(toAttachmentDto);
  }

  async remove(user: AuthUser, organizationId: string, attachmentId: string): Promise<void> {
    const auth = { user, organizationId };
    await this.access.requireAccess({ auth, permission: Permission.AttachmentDelete, ids: [attachmentId] });
    const key = await this.attachments.transaction(async (m) => {
      const a = await this.attachments.byId(attachmentId, m);
      if (!a?.submissionId) throw fileNotFound();
      await this.submissions.lockWritable(m, auth, a.submissionId);
      await this.attachments.delete(m, a.id);
      return a.storageKey;
    });
    await this.forget([key]);
  }

  /** A file for download, when the policy grants attachment.read (else 404, as if the file did not exist). */
  async download(user: AuthUser, organizationId: string | undefined, downloadId: string) {
    const a = await this.attachments.find({ downloadId });
    if (!a) throw fileNotFound();
    await this.access.requireAccess({ auth: { user, organizationId }, permission: Permission.AttachmentRead, ids: [a.id] });
    const stream = await this.storage.open(a.storageKey).catch((e: unknown) => {
      if (!(e instanceof NotFoundInStorage)) throw e;
      this.logger.error(`Attachment ${a.id} has no stored bytes (${a.storageKey})`);
      throw fileNotFound();
    });
    return { stream, fileName: a.fileName, mimeType: a.mimeType, size: a.dimensions };
  }

  async libraryPage(query: ListQuery): Promise<Page<AttachmentDto>> {
    const purpose = query.filter.purpose;
    if (purpose !== undefined && purpose !== 'library' && purpose !== 'custom-file')
      throw badRequest('errors.list-query', 'purpose must be library or custom-file');
    const q = typeof query.filter.q === 'string' ? query.filter.q.slice(0, 200) : undefined;
    const page = await this.attachments.page(query, (purpose as 'library' | 'custom-file' | undefined) ?? 'library', q);
    return { items: page.items.map(toAttachmentDto), total: page.total };
  }

  async libraryFile(id: string): Promise<AttachmentDto> {
    const a = await this.attachments.byId(id);
    if (!a || a.purpose === 'submission') throw fileNotFound();
    return toAttachmentDto(a);
  }

  async deleteLibraryFile(id: string): Promise<AttachmentDto> {
    const { dto, key } = await this.attachments.transaction(async (m) => {
      const a = await this.attachments.byId(id, m);
      if (!a || a.purpose === 'submission') throw fileNotFound();
      if ((await this.attachments.callsOfCustomFile(a.downloadId, m)).length) {
        throw badRequest('errors.file-in-use', 'This file is the custom file of a call: remove it there first');
      }
      await this.attachments.delete(m, id);
      return { dto: toAttachmentDto(a), key: a.storageKey };
    });
    await this.forget([key]);
    return dto;
  }

  private async forget(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.storage.delete(key).catch((e: unknown) => this.logger.warn(`Could not delete stored file ${key}: ${String(e)}`));
    }
  }
}
