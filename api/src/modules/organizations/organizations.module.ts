import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrganizationEntity, OrganizationMemberEntity } from './organization.entity.js';

/** The Organization group of the spec. */
@Module({
  imports: [TypeOrmModule.forFeature([OrganizationEntity, OrganizationMemberEntity])],
})
export class OrganizationsModule {}
