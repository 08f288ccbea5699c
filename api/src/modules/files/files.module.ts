import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttachmentEntity, AttachmentTypeEntity } from './attachment.entity.js';
import { AttachmentsModule } from './attachments.module.js';
import { FilesController } from './files.controller.js';
import { FilesAdminController } from './files-admin.controller.js';
import { FilesService } from './files.service.js';
import { StorageModule } from './storage/storage.module.js';
import { UploadInterceptor } from './upload.interceptor.js';

/** The FileUpload group. `submissions` provides SUBMISSION_SLOTS, named by the root so that files never imports submissions. */
@Module({})
export class FilesModule {
  static forRoot(submissions: Type): DynamicModule {
    return {
      module: FilesModule,
      imports: [TypeOrmModule.forFeature([AttachmentEntity, AttachmentTypeEntity]), AttachmentsModule, StorageModule, submissions],
      controllers: [FilesController, FilesAdminController],
      providers: [FilesService, UploadInterceptor],
    };
  }
}
