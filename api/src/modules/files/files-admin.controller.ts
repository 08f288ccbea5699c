import { Controller, Delete, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ADMIN } from '../../common/auth/access.decorator.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { FILE_SORTABLE } from './attachment.repository.js';
import { AttachmentDto } from './dto/files.dto.js';
import { FilesService } from './files.service.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The console's file library (/admin/file-upload) and custom files. */
@ApiTags('Admin')
@Controller('admin/files')
export class FilesAdminController {
  constructor(private readonly service: FilesService) {}

  @Get()
  @Endpoint('adminListFiles', 'Console files, one page; filter: purpose (library|custom-file), q', {
    access: ADMIN,
    ok: [AttachmentDto],
  })
  @ApiListQuery()
  async list(@ListParams(FILE_SORTABLE) query: ListQuery, @Res({ passthrough: true }) res: FastifyReply): Promise<AttachmentDto[]> {
    return sendPage(res, 'files', query, await this.service.libraryPage(query));
  }

  @Get(':id')
  @Endpoint('adminGetFile', 'One console file', { access: ADMIN, ok: AttachmentDto })
  get(@UuidParam('id') id: string): Promise<AttachmentDto> {
    return this.service.libraryFile(id);
  }

  @Delete(':id')
  @Endpoint('adminDeleteFile', 'Deletes a console file that no call uses', { access: ADMIN, ok: AttachmentDto })
  delete(@UuidParam('id') id: string): Promise<AttachmentDto> {
    return this.service.deleteLibraryFile(id);
  }
}
