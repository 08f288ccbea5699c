import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DECISIONS, isEmailAddress, LANGUAGES, type Decision, type Language } from '@impact-calls/domain';
import { AccessPolicy } from '../../common/access/access.policy.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { cleanRichHtml } from '../../common/html/safe-html.js';
import { badRequest, conflict, notFound } from '../../common/http/app-error.js';
import { listFilter } from '../../common/http/list-filter.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import {
  AUDIENCES,
  MAX_EXPLICIT_ADDRESSES,
  type CallMessageSettingsDto,
  type MessageDetailDto,
  type MessageDto,
  type MessageTemplateDto,
  type PreviewMessageTemplateDto,
  type RenderedMessageDto,
  type SaveMessageTemplateDto,
  type SendEmailDto,
  type SendEmailPreviewDto,
  type SendEmailPreviewResultDto,
  type SendEmailResultDto,
} from './dto/messages.dto.js';
import { MESSAGE_KINDS, MESSAGE_STATES, type MessageKind } from './message.entity.js';
import { MessageQueue } from './message-queue.service.js';
import { answersSummary, recipientName, toBranding } from './message-sender.service.js';
import { MessagesRepository, type Audience, type RecipientQuery, type SubmissionMessageSource } from './messages.repository.js';
import {
  asLanguage,
  BUILT_IN_TEMPLATES,
  CALL_TEMPLATE_KINDS,
  checkPlaceholders,
  formatDate,
  organizationInvitationValues,
  PLACEHOLDERS,
  render,
  reviewerCommentsHtml,
  TEMPLATE_KINDS,
  type TemplateKind,
} from './templates.js';

const DEFAULT_REMINDER_DAYS = 7;

/** Sample values of every placeholder, for previews. */
function sampleValues(language: Language, brandName: string, callName: string): Record<string, string> {
  const zero = '00000000-0000-0000-0000-000000000000';
  return {
    recipientName: 'Ada Lovelace',
    organizationName: 'Analytical Engines',
    callName,
    submissionCode: '2026-7KQ3M9PX',
    submittedAt: formatDate(language, new Date()),
    closingAt: formatDate(language, new Date(Date.now() + 7 * 24 * 3600 * 1000)),
    daysLeft: '7',
    recapUrl: `/call/${zero}?readonly=true`,
    resumeUrl: `/call/${zero}`,
    workspaceUrl: `/admin/review/${zero}`,
    ...organizationInvitationValues(language, '', {
      organizationName: 'Analytical Engines',
      inviterName: 'Charles Babbage',
      role: 'editor',
      token: 'sample-token',
      expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    }),
    count: '12',
    reviewerComments: reviewerCommentsHtml(language, [
      'A clear plan with measurable outcomes.',
      'The budget could say more about year two.',
    ]),
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

/** The subject on one line and the sanitized body (`field` in errors); 400 when empty or with a placeholder the kind lacks. */
function cleanText(kind: MessageKind, field: 'body' | 'html', rawSubject: string, rawHtml: string): { subject: string; html: string } {
  const subject = rawSubject.replace(/[\r\n]+/g, ' ').trim();
  if (!subject) throw badRequest('pages.admin.messages.subject-required', 'The subject is empty', { errors: { subject: 'required' } });
  const html = cleanRichHtml(field, rawHtml);
  // An administrator's message may be a picture alone; a template needs text.
  if (!html.replace(/<[^>]*>/g, '').trim() && !(kind === 'custom' && /<img\s/i.test(html)))
    throw badRequest('pages.admin.messages.body-required', 'The message is empty', { errors: { [field]: 'required' } });
  checkPlaceholders(kind, { subject, [field]: html });
  return { subject, html };
}

/** Messaging's rules: what administrators send and to whom, the outbox, the templates, reminders and per-call settings. */
@Injectable()
export class MessagesService implements OnModuleInit {
  constructor(
    private readonly repo: MessagesRepository,
    private readonly queue: MessageQueue,
    private readonly access: AccessPolicy,
  ) {}

  onModuleInit(): void {
    this.queue.reminders = () => this.queueReminders(new Date());
  }

  /** An applicant sent a submission: its confirmation, queued in the closing transaction (`m`); a forced close queues none. */
  submissionSent(m: EntityManager, s: SubmissionMessageSource): Promise<void> {
    return this.repo.queueSubmissionMessage(m, 'submission-confirmation', s);
  }

  /** An administrator reopened a submission: the applicant is told, queued in the reopening transaction (`m`). */
  submissionReopened(m: EntityManager, s: SubmissionMessageSource): Promise<void> {
    return this.repo.queueSubmissionMessage(m, 'submission-reopened', s);
  }

  /**
   * One digest per reviewer of the assignments just made on a call ("N new applications to review"), queued in `m`. A
   * digest per run (`runId`, else a new one): the dedupe key keeps a retried statement from queueing it twice.
   */
  async reviewAssignmentsDigest(
    m: EntityManager,
    callId: string,
    reviewers: { userId: string | null; email: string; count: number }[],
    runId: string = randomUUID(),
  ): Promise<void> {
    const list = reviewers.map((r) => ({ ...r, email: r.email.trim().toLowerCase() })).filter((r) => r.count > 0 && r.email);
    await this.repo.queueReviewDigests(m, callId, runId, list);
  }

  /** An invitation to review a call, to an address that never signed in, queued in `m` (once per call and address). */
  async reviewerInvited(m: EntityManager, callId: string, email: string): Promise<void> {
    await this.repo.queueReviewerInvitation(m, callId, email.trim().toLowerCase());
  }

  /**
   * An invitation to join an organization, queued in `m`: to the invited address in the invitation's language (not the
   * person's own: the inviter chose it), once per sending; the accept link carries the token, which is kept nowhere else.
   */
  async organizationInvited(
    m: EntityManager,
    i: {
      sending: string;
      email: string;
      language: Language;
      organizationName: string;
      inviterName: string;
      role: string;
      token: string;
      expiresAt: Date;
    },
  ): Promise<void> {
    const { sending, email, language, expiresAt, ...rest } = i;
    await this.repo.queueOrganizationInvitation(m, {
      email: email.trim().toLowerCase(),
      language,
      sending,
      params: { ...rest, expiresAt: expiresAt.toISOString() },
    });
  }

  /**
   * The decision messages of a release: one per submission to its submitting user, in their language, with the comments
   * for the applicant; queued in `m` in one statement (once per release and submission). Answers how many were queued.
   */
  async decisionsReleased(
    m: EntityManager,
    callId: string,
    releaseId: string,
    items: { submissionId: string; decision: Decision; applicantComments: string[] }[],
  ): Promise<number> {
    for (const i of items)
      if (!(DECISIONS as readonly string[]).includes(i.decision))
        throw badRequest('errors.validation', `unknown decision ${String(i.decision)}`);
    return this.repo.queueDecisions(
      m,
      callId,
      releaseId,
      items.map((i) => ({
        submissionId: i.submissionId,
        decision: i.decision,
        comments: i.applicantComments.map((c) => c.trim()).filter(Boolean),
      })),
    );
  }

  /** After a transaction that queued messages committed: they go now rather than at the next tick. */
  sendQueued(): void {
    this.queue.kick();
  }

  /** Checks an administrator's message (400 with a key naming the field); answers who gets it and the clean text. */
  private async checkCompose(dto: SendEmailDto): Promise<{ query: RecipientQuery; text: { subject: string; html: string } }> {
    const states = [...new Set(dto.states ?? [])] as Audience[];
    for (const s of states) if (!(AUDIENCES as readonly string[]).includes(s)) throw badRequest('errors.validation', 'unknown state');
    const raw = dto.addresses ?? [];
    if (raw.length > MAX_EXPLICIT_ADDRESSES)
      throw badRequest('pages.admin.messages.too-many-addresses', `At most ${MAX_EXPLICIT_ADDRESSES} explicit addresses`, {
        errors: { addresses: `at most ${MAX_EXPLICIT_ADDRESSES}` },
      });
    const addresses = raw.map((a, i) => {
      const v = a.trim().toLowerCase();
      if (!isEmailAddress(v))
        throw badRequest('pages.admin.messages.invalid-address', `"${a.slice(0, 80)}" is not an e-mail address`, {
          errors: { [`addresses[${i}]`]: 'not an e-mail address' },
        });
      return v;
    });
    if (states.length && !dto.callId)
      throw badRequest('pages.admin.messages.call-required', 'Choose the call whose applicants receive the message', {
        errors: { callId: 'required' },
      });
    const readers = dto.callId ? await this.access.callReaders(dto.callId) : null;
    if (readers === undefined) throw badRequest('pages.admin.call-not-found', 'Call not found', { errors: { callId: 'unknown call' } });
    if (!states.length && !addresses.length)
      throw badRequest('pages.admin.messages.no-recipients', 'Choose applicants by state or give addresses', {
        errors: { states: 'no recipients' },
      });
    const text = cleanText('custom', 'body', dto.subject, dto.body);
    return { query: { callId: dto.callId ?? null, states, addresses: [...new Set(addresses)], readers }, text };
  }

  async sendEmail(user: AuthUser, dto: SendEmailDto): Promise<SendEmailResultDto> {
    const { query, text } = await this.checkCompose(dto);
    const { batchId, queued } = await this.repo.queueBatch(query, { ...text, createdById: user.id });
    this.queue.kick();
    return { queued, batchId, message: 'Email sent successfully!', key: 'pages.admin.messages.email-sent' };
  }

  async previewEmail(dto: SendEmailPreviewDto): Promise<SendEmailPreviewResultDto> {
    const { query, text } = await this.checkCompose(dto);
    const [{ recipients, ...first }, brandRow] = await Promise.all([this.repo.previewRecipient(query), this.repo.activeBranding()]);
    const language = asLanguage(dto.language, asLanguage(brandRow?.defaultLanguage, 'it'));
    const brand = toBranding(brandRow);
    // What the first recipient would read; sample people only when the selection has nobody.
    const values = sampleValues(language, brand.name, first.callName ?? '');
    if (first.email) {
      values.recipientName = recipientName(first.firstName, first.lastName, first.contactName, first.email);
      values.organizationName = first.organizationName ?? '';
    }
    return { recipients, language, ...render(language, text, values, brand) };
  }

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

  async resend(id: string): Promise<MessageDetailDto> {
    if (!(await this.repo.requeueFailed(id))) {
      await this.get(id); // 404 when unknown
      throw conflict('pages.admin.messages.not-failed', 'Only a failed message can be sent again');
    }
    this.queue.kick();
    return this.get(id);
  }

  private parseTemplateId(id: string): { kind: TemplateKind; language: Language } {
    const [kind, language] = id.split('.');
    if (!(TEMPLATE_KINDS as readonly string[]).includes(kind) || !(LANGUAGES as readonly string[]).includes(language))
      throw notFound('pages.admin.messages.template-not-found', 'No such template');
    return { kind: kind as TemplateKind, language: language as Language };
  }

  /** A call given with a template (400 naming `callId` when there is no such call). */
  private async checkTemplateCall(callId: string | undefined, kind?: TemplateKind): Promise<string | null> {
    if (!callId) return null;
    if (kind && !CALL_TEMPLATE_KINDS.includes(kind))
      throw badRequest('pages.admin.messages.template-not-per-call', 'Only a decision message has a version per call', {
        errors: { callId: 'not for this kind' },
      });
    if ((await this.access.callReaders(callId)) === undefined)
      throw badRequest('pages.admin.call-not-found', 'Call not found', { errors: { callId: 'unknown call' } });
    return callId;
  }

  /**
   * Every kind in every language as it is used: with a call, a decision's is the call's version, else the global one, else
   * built-in (`source`); `customized` says whether the row shown here exists (what a reset removes).
   */
  async templates(callId?: string): Promise<MessageTemplateDto[]> {
    const call = await this.checkTemplateCall(callId);
    const rows = await this.repo.templates(call ? [call] : []);
    const saved = new Map(rows.map((t) => [`${t.kind}.${t.language}.${t.callId ?? ''}`, t]));
    return TEMPLATE_KINDS.flatMap((kind) =>
      LANGUAGES.map((language) => {
        const id = `${kind}.${language}`;
        const perCall = call && CALL_TEMPLATE_KINDS.includes(kind) ? call : null;
        const own = saved.get(`${id}.${perCall ?? ''}`);
        const t = own ?? (perCall ? saved.get(`${id}.`) : undefined);
        const { subject, html } = t ?? BUILT_IN_TEMPLATES[kind][language];
        const updatedAt = t ? new Date(t.updatedAt).toISOString() : null;
        const source = !t ? 'built-in' : t.callId ? 'call' : 'global';
        return {
          id,
          kind,
          language,
          callId: perCall,
          source,
          subject,
          html,
          placeholders: [...PLACEHOLDERS[kind]],
          customized: !!own,
          updatedAt,
        };
      }),
    );
  }

  async template(id: string, callId?: string): Promise<MessageTemplateDto> {
    const { kind, language } = this.parseTemplateId(id);
    await this.checkTemplateCall(callId, kind);
    return (await this.templates(callId)).find((t) => t.kind === kind && t.language === language)!;
  }

  async saveTemplate(user: AuthUser, id: string, dto: SaveMessageTemplateDto): Promise<MessageTemplateDto> {
    const { kind, language } = this.parseTemplateId(id);
    const callId = await this.checkTemplateCall(dto.callId, kind);
    const { subject, html } = cleanText(kind, 'html', dto.subject, dto.html);
    await this.repo.saveTemplate({ kind, language, callId, subject, html, userId: user.id });
    return this.template(id, callId ?? undefined);
  }

  async resetTemplate(id: string, callId?: string): Promise<MessageTemplateDto> {
    const { kind, language } = this.parseTemplateId(id);
    await this.checkTemplateCall(callId, kind);
    await this.repo.deleteTemplate(kind, language, callId ?? null);
    return this.template(id, callId);
  }

  async previewTemplate(dto: PreviewMessageTemplateDto): Promise<RenderedMessageDto> {
    const text = cleanText(dto.kind, 'html', dto.subject, dto.html);
    const brand = toBranding(await this.repo.activeBranding());
    return { language: dto.language, ...render(dto.language, text, sampleValues(dto.language, brand.name, 'Call'), brand) };
  }

  /** Queues the deadline reminders due now (the hourly schedule calls this); answers how many. */
  async queueReminders(now: Date): Promise<number> {
    const queued = await this.repo.queueReminders(now);
    if (queued) this.queue.kick();
    return queued;
  }

  async callSettings(callId: string): Promise<CallMessageSettingsDto> {
    const reminderDays = await this.repo.reminderDays(callId);
    if (reminderDays === undefined) throw notFound('pages.admin.call-not-found', 'Call not found');
    return { id: callId, reminderDays: reminderDays ?? DEFAULT_REMINDER_DAYS };
  }

  async saveCallSettings(callId: string, reminderDays: number): Promise<CallMessageSettingsDto> {
    if (!(await this.repo.setReminderDays(callId, reminderDays))) throw notFound('pages.admin.call-not-found', 'Call not found');
    return { id: callId, reminderDays };
  }
}
