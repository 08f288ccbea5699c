import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SubmissionsModule } from '../submissions/submissions.module.js';
import { AttachmentEntity, AttachmentTypeEntity } from './attachment.entity.js';
import { AttachmentRepository } from './attachment.repository.js';
import { FilesAdminController, FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';
import { StorageModule } from './storage/storage.module.js';
import { UploadInterceptor } from './upload.interceptor.js';

/** The FileUpload group: uploads, attachments, downloads, through the storage interface. */
@Module({
  imports: [TypeOrmModule.forFeature([AttachmentEntity, AttachmentTypeEntity]), StorageModule, SubmissionsModule],
  controllers: [FilesController, FilesAdminController],
  providers: [FilesService, AttachmentRepository, UploadInterceptor],
})
export class FilesModule {}
