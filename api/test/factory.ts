import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { TokenService } from '../src/modules/auth/token.service.js';
import { UserService } from '../src/modules/auth/user.service.js';
import { OrganizationEntity, OrganizationMemberEntity } from '../src/modules/organizations/organization.entity.js';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  refreshToken: string;
  /** Headers for supertest: bearer token, plus the organization when given. */
  headers(organizationId?: string): Record<string, string>;
}

/** Small factories that make rows through the real services (immich `test/medium` style). */
export class Factory {
  private readonly db: DataSource;

  constructor(private readonly app: INestApplication) {
    this.db = app.get<DataSource>(getDataSourceToken());
  }

  unique(prefix: string): string {
    return `${prefix}-${randomUUID().slice(0, 8)}`;
  }

  async user(o: { admin?: boolean; email?: string; firstName?: string; lastName?: string; roles?: string[] } = {}): Promise<TestUser> {
    const email = o.email ?? `${this.unique('user')}@${o.admin ? 'example.org' : 'applicant.test'}`;
    const user = await this.app.get(UserService).upsertFromIdentity({
      issuer: 'test',
      subject: randomUUID(),
      email,
      firstName: o.firstName ?? 'Ada',
      lastName: o.lastName ?? 'Lovelace',
      roles: o.roles ?? (o.admin ? ['Admin'] : []),
    });
    const tokens = await this.app.get(TokenService).issue(user.id);
    return {
      id: user.id,
      email: user.email,
      token: tokens.token,
      refreshToken: tokens.refresh_token,
      headers: (organizationId?: string) => ({
        Authorization: `Bearer ${tokens.token}`,
        ...(organizationId ? { SelectedOrganizationId: organizationId } : {}),
      }),
    };
  }

  async organization(owner: { id: string }, o: Partial<OrganizationEntity> = {}): Promise<OrganizationEntity> {
    return this.db.transaction(async (m) => {
      const org = await m.getRepository(OrganizationEntity).save({
        name: this.unique('Org'),
        regNumber: 'IT01234567890',
        streetName: 'Via Roma 1',
        cityName: 'Milano',
        country: 'Italy',
        contactName: 'Ada',
        contactSurname: 'Lovelace',
        contactRole: 'Director',
        contactEmail: 'ada@applicant.test',
        personalData: true,
        createdById: owner.id,
        ...o,
      });
      await m.getRepository(OrganizationMemberEntity).save({ organizationId: org.id, userId: owner.id, role: 'owner' });
      return org;
    });
  }
}
