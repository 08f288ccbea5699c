import { Body, Controller, Get, Post, Req, Res, StreamableFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { UploadRequest } from '../../common/http/multipart.js';
import { type AuthUser, CurrentOrganization, CurrentUser, SIGNED_IN, APPLICANT } from '../../common/auth/access.decorator.js';
import { AttachmentDto, AttachmentTypeDto, UPLOAD_FILE_SCHEMA, UploadFileDto } from './dto/files.dto.js';
import { FilesService } from './files.service.js';
import { UploadInterceptor } from './upload.interceptor.js';
import { contentDisposition } from './content-disposition.js';
import { RateLimit } from '../limits/rate-limit.decorator.js';
import { UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The spec's FileUpload group. */
@ApiTags('FileUpload')
@Controller('FileUpload')
export class FilesController {
  constructor(private readonly service: FilesService) {}

  @Post('UploadFile')
  @RateLimit('upload')
  @Endpoint(
    'uploadFile',
    "Uploads a file into a submission's slot (replacing its file), or an administrator's file (library, custom-file)",
    {
      access: { organization: 'optional' },
      ok: AttachmentDto,
      errors: {
        400: 'Empty file, kind not accepted (checked from the bytes), bad fields',
        404: true,
        413: 'errors.file-too-large: the document dimensions exceed those allowed',
      },
    },
  )
  @UseInterceptors(UploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_FILE_SCHEMA as never })
  uploadFile(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization() org: string | undefined,
    @Body() dto: UploadFileDto,
    @Req() req: UploadRequest,
  ): Promise<AttachmentDto> {
    return this.service.upload(user, org, dto, req.file);
  }

  @Get('GetAttachments')
  @Endpoint('getAttachments', "A submission's files (the acting organization's, or any for administrators)", {
    access: { organization: 'optional' },
    ok: [AttachmentDto],
    errors: { 404: true },
  })
  getAttachments(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization() org: string | undefined,
    @UuidQuery('submissionId') submissionId: string,
  ): Promise<AttachmentDto[]> {
    return this.service.list(user, org, submissionId);
  }

  @Get('GetAttachmentTypes')
  @Endpoint('getAttachmentTypes', 'The kinds of attachments', { access: SIGNED_IN, ok: [AttachmentTypeDto] })
  getAttachmentTypes(): Promise<AttachmentTypeDto[]> {
    return this.service.types();
  }

  @Get('GetFile')
  @Endpoint('getFile', 'Downloads a file under its name (attachment, nosniff)', {
    access: { organization: 'optional' },
    file: 'application/octet-stream',
    errors: { 404: 'Unknown, or not yours' },
  })
  async getFile(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization() org: string | undefined,
    @UuidQuery('downloadId') downloadId: string,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<StreamableFile> {
    const file = await this.service.download(user, org, downloadId);
    res.header('X-Content-Type-Options', 'nosniff');
    res.header('Cache-Control', 'private, no-store');
    res.header('Content-Security-Policy', "default-src 'none'; sandbox");
    return new StreamableFile(file.stream, { type: file.mimeType, length: file.size, disposition: contentDisposition(file.fileName) });
  }

  @Post('DeleteAttachment')
  @Endpoint('deleteAttachment', "Removes a file from an open submission's slot", {
    access: APPLICANT,
    status: 204,
    errors: { 404: true },
  })
  deleteAttachment(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @UuidQuery('attachmentId') id: string,
  ): Promise<void> {
    return this.service.remove(user, org, id);
  }
}
