import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { UserService } from '../auth/user.service.js';
import { DemoSeeder, type DemoContentSeeder } from '../demo/demo-seeder.decorator.js';
import { oidcClientSettings } from '../dev-oidc/dev-oidc.client.js';
import { OrganizationEntity, OrganizationMemberEntity } from './organization.entity.js';

/** Demo people: sign in with these e-mails on the embedded provider. */
export const DEMO_USERS = [
  { email: 'admin@example.org', firstName: 'Ada', lastName: 'Amministratrice' },
  { email: 'maria.rossi@example.com', firstName: 'Maria', lastName: 'Rossi' },
  { email: 'luc.martin@example.com', firstName: 'Luc', lastName: 'Martin' },
] as const;

const ORGANIZATIONS = [
  {
    member: 'maria.rossi@example.com',
    name: 'Cooperativa Sociale Il Sole',
    regNumber: 'IT02345678901',
    streetName: 'Via Garibaldi 12',
    cityName: 'Torino',
    country: 'Italia',
    dateOfFoundation: '2009-05-14',
    contactRole: 'Presidente',
  },
  {
    member: 'maria.rossi@example.com',
    name: 'Associazione Verde Futuro APS',
    regNumber: '97612340015',
    streetName: 'Corso Vittorio Emanuele 88',
    cityName: 'Milano',
    country: 'Italia',
    dateOfFoundation: '2016-11-02',
    contactRole: 'Coordinatrice di progetto',
  },
  {
    member: 'luc.martin@example.com',
    name: 'Entreprise solidaire Les Jardins du Lien',
    regNumber: 'FR40123456789',
    streetName: '4 rue des Tanneurs',
    cityName: 'Lyon',
    country: 'France',
    dateOfFoundation: '2012-03-20',
    contactRole: 'Directeur',
  },
] as const;

/** Demo users (an administrator and two applicants, written by the auth module's UserService) and their organizations. */
@Injectable()
@DemoSeeder(20)
export class OrganizationDemoSeeder implements DemoContentSeeder {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly userService: UserService,
  ) {}

  async seed(manager: EntityManager): Promise<void> {
    const issuer = oidcClientSettings(this.settings).issuer;
    const users = new Map<string, { id: string; email: string; firstName: string; lastName: string }>();
    for (const person of DEMO_USERS) {
      const id = randomUUID();
      const roles = this.settings.adminEmails.includes(person.email) ? ['admin'] : [];
      // In the seeder's transaction: the users and their organizations are all there, or none.
      await this.userService.insert({ id, subject: id, issuer, roles, lastLoginAt: null, ...person }, manager);
      users.set(person.email, { id, ...person });
    }
    for (const { member, ...fields } of ORGANIZATIONS) {
      const user = users.get(member)!;
      const org = await manager.getRepository(OrganizationEntity).save({
        ...fields,
        contactName: user.firstName,
        contactSurname: user.lastName,
        contactEmail: user.email,
        personalData: true,
        selfCertification: true,
        termsOfService: true,
        createdById: user.id,
      });
      await manager.getRepository(OrganizationMemberEntity).insert({ organizationId: org.id, userId: user.id, role: 'owner' });
    }
  }
}
