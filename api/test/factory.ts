import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { SessionService } from '../src/modules/auth/sessions/session.service.js';
import { UserService } from '../src/modules/auth/user.service.js';
import { OrganizationEntity, OrganizationMemberEntity } from '../src/modules/organizations/organization.entity.js';
import { CallSubmissionsService } from '../src/modules/submissions/call-submissions.service.js';
import { CallsService } from '../src/modules/calls/calls.service.js';
import type { CallDetailAdminDto, CreateCallDto } from '../src/modules/calls/dto/call.dto.js';
import { BUILT_IN_STEP_TYPE_IDS } from '../src/modules/steps/step-type.entity.js';
import { ImpactFrameworkService } from '../src/modules/impact/impact-framework.service.js';
import type { ImpactFrameworkSummaryDto } from '../src/modules/impact/dto/impact-framework.dto.js';

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
    const tokens = await this.app.get(SessionService).start(user.id, { userAgent: 'test factory', ip: '127.0.0.1' });
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

  /**
   * A call made through CallsService (with a new call type and steps). Open now by default;
   * steps by kind: `{ kind: 'text', content: { html: '<p>x</p>' } }`.
   */
  async call(
    o: Partial<Omit<CreateCallDto, 'callType'>> & {
      steps?: { kind: keyof typeof BUILT_IN_STEP_TYPE_IDS; name?: string; content?: unknown }[];
    } = {},
  ): Promise<CallDetailAdminDto> {
    const { steps, ...fields } = o;
    const day = 24 * 3600 * 1000;
    return this.app.get(CallsService).create({
      name: this.unique('Call'),
      description: '<p>A call</p>',
      openingAt: new Date(Date.now() - day),
      closingAt: new Date(Date.now() + 30 * day),
      callType: {
        steps: (steps ?? [{ kind: 'text', content: { html: '<p>Welcome</p>' } }]).map((s, i) => ({
          name: s.name ?? `Step ${i + 1}`,
          stepTypeId: BUILT_IN_STEP_TYPE_IDS[s.kind],
          content: s.content,
        })),
      },
      ...fields,
    });
  }

  /** The organization's submission of a call, through the real service. */
  async submission(
    callId: string,
    user: { id: string; email: string },
    organizationId: string,
  ): Promise<{ id: string; closed: boolean; code: string }> {
    const auth = { id: user.id, email: user.email, firstName: '', lastName: '', roles: [], isAdmin: false };
    return this.app.get(CallSubmissionsService).upsertForCall(callId, auth, organizationId);
  }

  /** An open call with one step of each kind the fill screen fills (FILL_STEPS), in that order. */
  fillCall(o: Parameters<Factory['call']>[0] = {}): Promise<CallDetailAdminDto> {
    return this.call({ steps: FILL_STEPS, ...o });
  }

  /** An applicant with an organization, and their submission of a call. */
  async applicant(callId: string): Promise<{ user: TestUser; orgId: string; submissionId: string; h: Record<string, string> }> {
    const user = await this.user();
    const org = await this.organization(user);
    const s = await this.submission(callId, user, org.id);
    return { user, orgId: org.id, submissionId: s.id, h: user.headers(org.id) };
  }

  /**
   * An impact framework made through ImpactFrameworkService: `outcomes` outcomes (SDGs 1, 2,
   * 3, ... in turn) with two indicators of one proxy each, and three stakeholders.
   */
  /** A framework of `outcomes` outcomes with two indicators each, each indicator with `proxies` proxies (1 by default). */
  async impactFramework(o: { name?: string; outcomes?: number; proxies?: number } = {}): Promise<ImpactFrameworkSummaryDto> {
    const outcomes = Array.from({ length: o.outcomes ?? 3 }, (_, i) => ({
      name: `Outcome ${i + 1}`,
      description: `What changes (${i + 1})`,
      sdg: (i % 17) + 1,
      indicators: [1, 2].map((n) => ({
        name: `Indicator ${i + 1}.${n}`,
        description: 'How it is measured',
        proxies: Array.from({ length: o.proxies ?? 1 }, (_, p) => ({
          name: p ? `Proxy ${i + 1}.${n} (${p + 1})` : `Proxy ${i + 1}.${n}`,
          defaultValue: 100 * n + i + 1000 * p,
          sourceName: 'ISTAT',
          sourceUrl: 'https://www.istat.it/',
        })),
      })),
    }));
    const stakeholders = ['Young people', 'Families', 'Residents'].map((name) => ({ name, description: `${name} of the area` }));
    return this.app
      .get(ImpactFrameworkService)
      .create({ name: o.name ?? this.unique('Framework'), description: 'A test framework', content: { stakeholders, outcomes } });
  }
}

// ------------------------------------------------------------ submissions and files fixtures

/** Slot 0: mandatory PDF up to 1000 bytes; slot 1: optional image up to 5 MB. */
export const FILL_UPLOAD_SLOTS = [
  { file_name: 'Project plan', file_description: 'The plan, as PDF', file_type: 'pdf', dimensions: 1000, mandatory: true },
  { file_name: 'Logo', file_description: '', file_type: 'image', dimensions: 5 * 1024 * 1024, mandatory: false },
];

/** The quiz's correct answers (q1..q4); the content sent by the console carries them as correctAnswer. */
export const FILL_QUIZ_KEY = { q1: 'rome', q2: 'seven', q3: 'blue', q4: 'yes' };

export const FILL_STEPS: { kind: keyof typeof BUILT_IN_STEP_TYPE_IDS; name?: string; content?: unknown }[] = [
  { kind: 'text', name: 'Welcome', content: { html: '<p>Welcome</p>' } },
  { kind: 'upload', name: 'Documents', content: FILL_UPLOAD_SLOTS },
  {
    kind: 'survey',
    name: 'About you',
    content: {
      pages: [
        { name: 'p1', elements: [{ type: 'text', name: 'mission', isRequired: true }] },
        { name: 'p2', elements: [{ type: 'comment', name: 'notes' }] },
      ],
    },
  },
  {
    kind: 'quiz',
    name: 'Quiz',
    content: {
      pages: [
        {
          elements: Object.entries(FILL_QUIZ_KEY).map(([name, correctAnswer]) => ({
            type: 'radiogroup',
            name,
            choices: [correctAnswer, `${correctAnswer}-not`],
            correctAnswer,
          })),
        },
      ],
    },
  },
  { kind: 'results', name: 'Results', content: { lowerScore: 0, upperScore: 1 } },
];

/** Files for upload tests: real magic bytes, padded to an exact size. */
export const testFiles = {
  pdf(size = 600): Buffer {
    const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
    const tail = Buffer.from('\n%%EOF\n');
    return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]).subarray(0, size);
  },
  png(size = 200): Buffer {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    return Buffer.concat([png, Buffer.alloc(Math.max(0, size - png.length))]).subarray(0, size);
  },
  /** An ELF executable header: what a renamed program looks like. */
  executable(size = 400): Buffer {
    const elf = Buffer.from([
      0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x00, 0x3e, 0x00, 0x01, 0, 0, 0,
    ]);
    return Buffer.concat([elf, Buffer.alloc(size - elf.length)]);
  },
};
