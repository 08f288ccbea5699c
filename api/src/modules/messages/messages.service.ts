import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isEmailAddress, LANGUAGES, type Language } from '@impact-calls/domain';
import { AccessPolicy } from '../../common/access/access.policy.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { cleanRichHtml } from '../../common/html/safe-html.js';
import { badRequest, conflict, notFound } from '../../common/http/app-error.js';
import { listFilter } from '../../common/http/list-filter.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import type {
  CallMessageSettingsDto,
  MessageDetailDto,
  MessageDto,
  MessageTemplateDto,
  PreviewMessageTemplateDto,
  RenderedMessageDto,
  SaveMessageTemplateDto,
  SendEmailDto,
  SendEmailPreviewDto,
  SendEmailPreviewResultDto,
  SendEmailResultDto,
} from './dto/messages.dto.js';
import { AUDIENCES, MAX_EXPLICIT_ADDRESSES } from './dto/messages.dto.js';
import { MESSAGE_KINDS, MESSAGE_STATES } from './message.entity.js';
import { UserService } from '../auth/user.service.js';
import { MessageQueue } from './message-queue.service.js';
import { answersSummary, recipientName, toBranding } from './message-sender.service.js';
import { MessagesRepository, type Audience, type RecipientQuery, type SubmissionMessageSource } from './messages.repository.js';
import {
  asLanguage,
  BUILT_IN_TEMPLATES,
  checkPlaceholders,
  formatDate,
  PLACEHOLDERS,
  render,
  TEMPLATE_KINDS,
  type TemplateKind,
} from './templates.js';

const DEFAULT_REMINDER_DAYS = 7;

/** Sample values of every placeholder, for previews. */
function sampleValues(language: Language, brandName: string, callName: string): Record<string, string> {
  const zero = '00000000-0000-0000-0000-000000000000';
  const day = 24 * 3600 * 1000;
  return {
    recipientName: 'Ada Lovelace',
    organizationName: 'Analytical Engines',
    callName,
    submissionCode: '2026-7KQ3M9PX',
    submittedAt: formatDate(language, new Date()),
    closingAt: formatDate(language, new Date(Date.now() + 7 * day)),
    daysLeft: '7',
    recapUrl: `/call/${zero}?readonly=true`,
    resumeUrl: `/call/${zero}`,
    configurationName: brandName,
    answersSummary: answersSummary(
      [
        {
          name: 'Project',
          kind: 'survey',
          content: { pages: [{ elements: [{ type: 'text', name: 'mission', title: 'Mission' }] }] },
          answer: { data: { mission: 'Clean water for 2,000 people' } },
          files: [],
        },
        { name: 'Documents', kind: 'upload', content: [], answer: null, files: ['plan.pdf'] },
      ],
      language,
      { noAnswer: '-', noFile: '-' },
    ),
  };
}

/**
 * Messaging's rules: what an administrator may send and to whom, the outbox, the templates,
 * reminders and per-call settings, and the recipient's language. Confirmations and reopen
 * notices are queued by the database itself, in the statement that closes or reopens a
 * submission (migration Messages): the deadline's close path pays one insert.
 */
@Injectable()
export class MessagesService implements OnModuleInit {
  constructor(
    private readonly repo: MessagesRepository,
    private readonly queue: MessageQueue,
    private readonly access: AccessPolicy,
    private readonly users: UserService,
  ) {}

  onModuleInit(): void {
    this.queue.reminders = () => this.queueReminders(new Date());
  }

  /**
   * An applicant sent a submission: its confirmation is queued in the transaction that closed it
   * (`m`). An administrator's forced close queues none: the applicant sent nothing.
   */
  submissionSent(m: EntityManager, s: SubmissionMessageSource): Promise<void> {
    return this.repo.queueSubmissionMessage(m, 'submission-confirmation', s);
  }

  /** An administrator reopened a submission: the applicant is told, queued in the reopening transaction (`m`). */
  submissionReopened(m: EntityManager, s: SubmissionMessageSource): Promise<void> {
    return this.repo.queueSubmissionMessage(m, 'submission-reopened', s);
  }

  /** After a transaction that queued messages committed: they go now rather than at the next tick. */
  sendQueued(): void {
    this.queue.kick();
  }

  // ------------------------------------------------------------ SendEmail

  /** Checks an administrator's message (400 with a key naming the field); answers who gets it and the clean text. */
  private async checkCompose(dto: SendEmailDto): Promise<{ query: RecipientQuery; subject: string; body: string }> {
    const states = [...new Set(dto.states ?? [])] as Audience[];
    for (const s of states) if (!(AUDIENCES as readonly string[]).includes(s)) throw badRequest('errors.validation', 'unknown state');
    const raw = dto.addresses ?? [];
    if (raw.length > MAX_EXPLICIT_ADDRESSES) {
      throw badRequest('pages.admin.messages.too-many-addresses', `At most ${MAX_EXPLICIT_ADDRESSES} explicit addresses`, {
        errors: { addresses: `at most ${MAX_EXPLICIT_ADDRESSES}` },
      });
    }
    const addresses: string[] = [];
    raw.forEach((a, i) => {
      const v = a.trim().toLowerCase();
      if (!isEmailAddress(v)) {
        throw badRequest('pages.admin.messages.invalid-address', `"${a.slice(0, 80)}" is not an e-mail address`, {
          errors: { [`addresses[${i}]`]: 'not an e-mail address' },
        });
      }
      addresses.push(v);
    });
    if (states.length && !dto.callId) {
      throw badRequest('pages.admin.messages.call-required', 'Choose the call whose applicants receive the message', {
        errors: { callId: 'required' },
      });
    }
    // Who may see the call (the policy's call.read, as addresses): the members chosen by "not started" are among them only.
    const readers = dto.callId ? await this.access.callReaders(dto.callId) : null;
    if (readers === undefined) {
      throw badRequest('pages.admin.call-not-found', 'Call not found', { errors: { callId: 'unknown call' } });
    }
    if (!states.length && !addresses.length) {
      throw badRequest('pages.admin.messages.no-recipients', 'Choose applicants by state or give addresses', {
        errors: { states: 'no recipients' },
      });
    }
    const subject = dto.subject.replace(/[\r\n]+/g, ' ').trim();
    if (!subject) throw badRequest('pages.admin.messages.subject-required', 'The subject is empty', { errors: { subject: 'required' } });
    const body = cleanRichHtml('body', dto.body);
    if (!body.replace(/<[^>]*>/g, '').trim() && !/<img\s/i.test(body)) {
      throw badRequest('pages.admin.messages.body-required', 'The message is empty', { errors: { body: 'required' } });
    }
    checkPlaceholders('custom', { subject, body });
    return { query: { callId: dto.callId ?? null, states, addresses: [...new Set(addresses)], readers }, subject, body };
  }

  async sendEmail(user: AuthUser, dto: SendEmailDto): Promise<SendEmailResultDto> {
    const { query, subject, body } = await this.checkCompose(dto);
    const { batchId, queued } = await this.repo.queueBatch(query, {
      subject,
      html: body,
      createdById: user.id,
      addressCount: query.addresses.length,
    });
    this.queue.kick();
    return { queued, batchId, message: 'Email sent successfully!', key: 'pages.admin.messages.email-sent' };
  }

  async previewEmail(dto: SendEmailPreviewDto): Promise<SendEmailPreviewResultDto> {
    const { query, subject, body } = await this.checkCompose(dto);
    const [recipients, first, brandRow] = await Promise.all([
      this.repo.countRecipients(query),
      this.repo.previewRecipient(query),
      this.repo.activeBranding(),
    ]);
    const language = asLanguage(dto.language, asLanguage(brandRow?.defaultLanguage, 'it'));
    const brand = toBranding(brandRow);
    // What the first recipient would read; sample people only when the selection has nobody.
    const values = sampleValues(language, brand.name, first.callName ?? '');
    if (first.email) {
      values.recipientName = recipientName(first.firstName, first.lastName, first.contactName, first.email);
      values.organizationName = first.organizationName ?? '';
    }
    return { recipients, language, ...render(language, { subject, html: body }, values, brand) };
  }

  // ------------------------------------------------------------ outbox

  page(query: ListQuery): Promise<Page<MessageDto>> {
    const f = listFilter(query.filter);
    return this.repo.page(query, {
      q: f.q(),
      state: f.oneOf('state', MESSAGE_STATES, 'unknown state'),
      kind: f.oneOf('kind', MESSAGE_KINDS, 'unknown kind'),
      callId: f.uuid('callId'),
      batchId: f.uuid('batchId'),
    });
  }

  async get(id: string): Promise<MessageDetailDto> {
    const m = await this.repo.find(id);
    if (!m) throw notFound('pages.admin.messages.not-found', 'Message not found');
    return m;
  }

  /** A failed message goes out again (a new series of attempts). */
  async resend(id: string): Promise<MessageDetailDto> {
    if (!(await this.repo.requeueFailed(id))) {
      await this.get(id); // 404 when unknown
      throw conflict('pages.admin.messages.not-failed', 'Only a failed message can be sent again');
    }
    this.queue.kick();
    return this.get(id);
  }

  // ------------------------------------------------------------ templates

  private parseTemplateId(id: string): { kind: TemplateKind; language: Language } {
    const [kind, language] = id.split('.');
    if (!(TEMPLATE_KINDS as readonly string[]).includes(kind) || !(LANGUAGES as readonly string[]).includes(language)) {
      throw notFound('pages.admin.messages.template-not-found', 'No such template');
    }
    return { kind: kind as TemplateKind, language: language as Language };
  }

  async templates(): Promise<MessageTemplateDto[]> {
    const saved = new Map((await this.repo.templates()).map((t) => [`${t.kind}.${t.language}`, t]));
    return TEMPLATE_KINDS.flatMap((kind) =>
      LANGUAGES.map((language) => {
        const t = saved.get(`${kind}.${language}`);
        const text = t ?? BUILT_IN_TEMPLATES[kind][language];
        return {
          id: `${kind}.${language}`,
          kind,
          language,
          subject: text.subject,
          html: text.html,
          placeholders: [...PLACEHOLDERS[kind]],
          customized: !!t,
          updatedAt: t ? new Date(t.updatedAt).toISOString() : null,
        };
      }),
    );
  }

  async template(id: string): Promise<MessageTemplateDto> {
    const { kind, language } = this.parseTemplateId(id);
    return (await this.templates()).find((t) => t.kind === kind && t.language === language)!;
  }

  private cleanTemplate(kind: TemplateKind, dto: SaveMessageTemplateDto): { subject: string; html: string } {
    const subject = dto.subject.replace(/[\r\n]+/g, ' ').trim();
    if (!subject) throw badRequest('pages.admin.messages.subject-required', 'The subject is empty', { errors: { subject: 'required' } });
    const html = cleanRichHtml('html', dto.html);
    if (!html.replace(/<[^>]*>/g, '').trim())
      throw badRequest('pages.admin.messages.body-required', 'The message is empty', { errors: { html: 'required' } });
    checkPlaceholders(kind, { subject, html });
    return { subject, html };
  }

  async saveTemplate(user: AuthUser, id: string, dto: SaveMessageTemplateDto): Promise<MessageTemplateDto> {
    const { kind, language } = this.parseTemplateId(id);
    const { subject, html } = this.cleanTemplate(kind, dto);
    await this.repo.saveTemplate(kind, language, subject, html, user.id);
    return this.template(id);
  }

  /** Back to the built-in text. */
  async resetTemplate(id: string): Promise<MessageTemplateDto> {
    const { kind, language } = this.parseTemplateId(id);
    await this.repo.deleteTemplate(kind, language);
    return this.template(id);
  }

  async previewTemplate(dto: PreviewMessageTemplateDto): Promise<RenderedMessageDto> {
    const { subject, html } = this.cleanTemplate(dto.kind, dto);
    const brandRow = await this.repo.activeBranding();
    const brand = toBranding(brandRow);
    return { language: dto.language, ...render(dto.language, { subject, html }, sampleValues(dto.language, brand.name, 'Call'), brand) };
  }

  // ------------------------------------------------------------ reminders, settings, language

  /** Queues the deadline reminders due now (the hourly schedule calls this); answers how many. */
  async queueReminders(now: Date): Promise<number> {
    const queued = await this.repo.queueReminders(now);
    if (queued) this.queue.kick();
    return queued;
  }

  async callSettings(callId: string): Promise<CallMessageSettingsDto> {
    if (!(await this.repo.callExists(callId))) throw notFound('pages.admin.call-not-found', 'Call not found');
    return { id: callId, reminderDays: (await this.repo.reminderDays(callId)) ?? DEFAULT_REMINDER_DAYS };
  }

  async saveCallSettings(callId: string, reminderDays: number): Promise<CallMessageSettingsDto> {
    if (!(await this.repo.callExists(callId))) throw notFound('pages.admin.call-not-found', 'Call not found');
    await this.repo.setReminderDays(callId, reminderDays);
    return { id: callId, reminderDays };
  }

  /** The language of the user's messages: kept with the user (app_user, the auth module's). */
  async setLanguage(user: AuthUser, language: Language): Promise<void> {
    await this.users.setLanguage(user.id, language);
  }
}
