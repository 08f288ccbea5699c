import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Req,
  Res,
  StreamableFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access, type AuthUser, CurrentOrganization, CurrentUser } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { FILE_SORTABLE } from './attachment.repository.js';
import { AttachmentDto, AttachmentTypeDto, UPLOAD_FILE_SCHEMA, UploadFileDto } from './dto/files.dto.js';
import { FilesService } from './files.service.js';
import { UploadInterceptor } from './upload.interceptor.js';
import { contentDisposition } from './content-disposition.js';
import { RateLimit } from '../limits/rate-limit.decorator.js';
import { UuidQuery } from '../../common/http/uuid-query.js';

const uuid = () => new ParseUUIDPipe();

export { contentDisposition };

/** The spec's FileUpload group. */
@ApiTags('FileUpload')
@Controller('FileUpload')
export class FilesController {
  constructor(private readonly service: FilesService) {}

  @Post('UploadFile')
  @RateLimit('upload')
  @HttpCode(200)
  @Access({ organization: 'optional' })
  @UseInterceptors(UploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_FILE_SCHEMA as never })
  @ApiOperation({
    operationId: 'uploadFile',
    summary: "Uploads a file into a submission's slot (replacing its file), or an administrator's file (library, custom-file)",
  })
  @ApiOkResponse({ type: AttachmentDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Empty file, kind not accepted (checked from the bytes), bad fields' })
  @ApiPayloadTooLargeResponse({
    type: ErrorResponseDto,
    description: 'errors.file-too-large: the document dimensions exceed those allowed',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  uploadFile(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization() org: string | undefined,
    @Body() dto: UploadFileDto,
    @Req() req: Request,
  ): Promise<AttachmentDto> {
    return this.service.upload(user, org, dto, req.file);
  }

  @Get('GetAttachments')
  @Access({ organization: 'optional' })
  @ApiOperation({ operationId: 'getAttachments', summary: "A submission's files (the acting organization's, or any for administrators)" })
  @ApiOkResponse({ type: [AttachmentDto] })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getAttachments(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization() org: string | undefined,
    @UuidQuery('submissionId') submissionId: string,
  ): Promise<AttachmentDto[]> {
    return this.service.list(user, org, submissionId);
  }

  @Get('GetAttachmentTypes')
  @Access({})
  @ApiOperation({ operationId: 'getAttachmentTypes', summary: 'The kinds of attachments' })
  @ApiOkResponse({ type: [AttachmentTypeDto] })
  getAttachmentTypes(): Promise<AttachmentTypeDto[]> {
    return this.service.types();
  }

  @Get('GetFile')
  @Access({ organization: 'optional' })
  @ApiOperation({ operationId: 'getFile', summary: 'Downloads a file under its name (attachment, nosniff)' })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Unknown, or not yours' })
  async getFile(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization() org: string | undefined,
    @UuidQuery('downloadId') downloadId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.service.download(user, org, downloadId);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    return new StreamableFile(file.stream, { type: file.mimeType, length: file.size, disposition: contentDisposition(file.fileName) });
  }

  @Post('DeleteAttachment')
  @HttpCode(204)
  @Access({ organization: 'required' })
  @ApiOperation({ operationId: 'deleteAttachment', summary: "Removes a file from an open submission's slot" })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  deleteAttachment(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @UuidQuery('attachmentId') id: string,
  ): Promise<void> {
    return this.service.remove(user, org, id);
  }
}

/** The console's file library (/admin/file-upload) and custom files. */
@ApiTags('Admin')
@Controller('admin/files')
export class FilesAdminController {
  constructor(private readonly service: FilesService) {}

  @Get()
  @Access({ admin: true })
  @ApiOperation({ operationId: 'adminListFiles', summary: 'Console files, one page; filter: purpose (library|custom-file), q' })
  @ApiListQuery()
  @ApiOkResponse({ type: [AttachmentDto] })
  async list(@ListParams(FILE_SORTABLE) query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<AttachmentDto[]> {
    return sendPage(res, 'files', query, await this.service.libraryPage(query));
  }

  @Get(':id')
  @Access({ admin: true })
  @ApiOperation({ operationId: 'adminGetFile', summary: 'One console file' })
  @ApiOkResponse({ type: AttachmentDto })
  get(@Param('id', uuid()) id: string): Promise<AttachmentDto> {
    return this.service.libraryFile(id);
  }

  @Delete(':id')
  @Access({ admin: true })
  @ApiOperation({ operationId: 'adminDeleteFile', summary: 'Deletes a console file that no call uses' })
  @ApiOkResponse({ type: AttachmentDto })
  delete(@Param('id', uuid()) id: string): Promise<AttachmentDto> {
    return this.service.deleteLibraryFile(id);
  }
}
