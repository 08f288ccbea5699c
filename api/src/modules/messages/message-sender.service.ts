import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { JobResult } from 'pg-boss';
import { type Language, readSurveyJson, readSurveyResult, surveyQuestions, translate } from '@impact-calls/domain';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { MAIL_TRANSPORT, PermanentMailError, type MailAttachment, type MailTransport } from './mail-transport.js';
import { MESSAGE_ATTACHMENTS, type MessageAttachmentProvider } from './message-attachments.js';
import {
  MessagesRepository,
  type BrandingRow,
  type MessageContext,
  type MessageRow,
  type Rendering,
  type Settlement,
  type SummaryStep,
} from './messages.repository.js';
import {
  asLanguage,
  BUILT_IN_TEMPLATES,
  escapeHtml,
  formatDate,
  organizationInvitationValues,
  render,
  reviewerCommentsHtml,
  type Branding,
  type TemplateKind,
  type TemplateText,
} from './templates.js';

/** A send job as the worker gets it: several messages (`messageIds`; a job queued by an earlier version names one, `messageId`). */
export interface SendJob {
  id: string;
  data: { messageIds?: string[]; messageId?: string };
  retryCount: number;
  retryLimit: number;
}

/** Messages a job carries: pg-boss's per-job bookkeeping (a job row, an AbortSignal.any) is paid once for several. */
export const MESSAGES_PER_JOB = 25;
/** Jobs a fetch of the send worker takes (more than one: pg-boss fetches again at once only after a full fetch of several). */
export const JOBS_PER_FETCH = 2;
/** Fetches the send worker runs at once: one renders and settles while the other sends. */
export const FETCHES_AT_ONCE = 2;

const messageIdsOf = (j: SendJob): string[] => j.data.messageIds ?? (j.data.messageId ? [j.data.messageId] : []);

const DAY_MS = 24 * 3600 * 1000;

interface RenderScene {
  brand: Branding;
  fallback: Language;
  contexts: Map<string, MessageContext>;
  templates: Map<string, TemplateText>;
}

/** How a message greets its recipient: the user's name, else the organization's contact, else the address. */
export function recipientName(firstName: string | null, lastName: string | null, contactName: string | null, to: string | null): string {
  return [firstName, lastName].filter(Boolean).join(' ').trim() || contactName || (to ?? '');
}

export function toBranding(b: BrandingRow | null): Branding {
  return { name: b?.name || 'Impact Calls', logo: b?.logoBase64 ?? null, logoWidth: b?.logoWidth || 50, logoHeight: b?.logoHeight || 50 };
}

/** The question's title in a language (SurveyJS titles are a string or `{ default, it, en, ... }`). */
function titleOf(q: Record<string, unknown>, language: Language): string {
  const o = q.title && typeof q.title === 'object' ? (q.title as Record<string, unknown>) : undefined;
  const t = o ? (o[language] ?? o.default) : q.title;
  return typeof t === 'string' && t.trim() ? t : String(q.name ?? '');
}

function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The confirmation's summary of the answers: each step, its answered questions (or files, or outcomes), as escaped HTML. */
export function answersSummary(steps: SummaryStep[], language: Language, labels: { noAnswer: string; noFile: string }): string {
  const rows: string[] = [];
  const cell = 'padding:2px 12px 2px 0;vertical-align:top';
  for (const step of steps) {
    if (step.kind === 'text' || step.kind === 'results') continue;
    const lines: [string, string][] = [];
    if (step.kind === 'survey' || step.kind === 'quiz') {
      const data = step.answer === null || step.answer === undefined ? {} : readSurveyResult(step.answer).data;
      for (const q of surveyQuestions(readSurveyJson(step.content))) {
        const v = answerText(data[String(q.name)]);
        if (v) lines.push([titleOf(q, language), v]);
      }
    } else if (step.kind === 'upload') {
      for (const f of step.files) lines.push(['', f]);
      if (!step.files.length) lines.push(['', labels.noFile]);
    } else if (step.kind === 'miniDyi') {
      const outcomes = (step.answer as { selectedOutcomes?: { outcomeName?: string }[] } | null)?.selectedOutcomes ?? [];
      for (const o of outcomes) if (o.outcomeName) lines.push(['', o.outcomeName]);
    }
    if (!lines.length) lines.push(['', labels.noAnswer]);
    rows.push(
      `<tr><th colspan="2" style="text-align:left;padding:10px 0 4px;border-bottom:1px solid #e5e7eb">${escapeHtml(step.name)}</th></tr>`,
    );
    for (const [label, value] of lines.slice(0, 50)) {
      rows.push(
        label
          ? `<tr><td style="${cell};color:#6b7280">${escapeHtml(clip(label, 200))}</td><td style="${cell}">${escapeHtml(clip(value))}</td></tr>`
          : `<tr><td colspan="2" style="${cell}">${escapeHtml(clip(value))}</td></tr>`,
      );
    }
  }
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;font-size:14px">${rows.join('')}</table>`;
}

/**
 * Sends the messages of a batch of send jobs: claims those still to send, renders the ones never rendered, sends each and
 * records each outcome. A bounce (5xx) fails a message for good; other errors are retried by pg-boss until the last attempt.
 */
@Injectable()
export class MessageSender {
  private readonly logger = new Logger('Messages');

  constructor(
    private readonly repo: MessagesRepository,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly moduleRef: ModuleRef,
  ) {}

  async sendJobs(jobs: SendJob[]): Promise<JobResult[]> {
    const byMessage = new Map(jobs.flatMap((j) => messageIdsOf(j).map((id) => [id, j] as const)));
    const claimed = byMessage.size ? await this.repo.claim([...byMessage.keys()], this.settings.messages.attemptTimeoutSeconds) : [];
    // A job fails (pg-boss retries it) when one of its messages may be retried; those sent, failed or held are not claimed again.
    const retry = new Map<string, string>();
    const settlements: Settlement[] = [];
    const scene = await this.scene(claimed).catch((e: unknown) => {
      // Rendering needs the database: the whole batch is tried again later.
      for (const m of claimed) settlements.push(this.failure(m, byMessage.get(m.id)!, e, retry));
    });

    // As many sends in flight, over all the worker's fetches, as the transport has connections: none waits holding its MIME.
    const concurrency = Math.max(1, Math.ceil(this.transport.connections / FETCHES_AT_ONCE));
    let next = 0;
    const worker = async (scene: RenderScene) => {
      while (next < claimed.length) {
        const m = claimed[next++];
        let rendering: Rendering | undefined;
        try {
          // Rendered when its turn comes (then kept with its row, below); a retry sends what was rendered first.
          if (m.subject === null) {
            rendering = await this.renderOne(m, scene);
            Object.assign(m, rendering);
          }
          if (!m.toAddress) throw new PermanentMailError('No recipient address');
          await this.transport.send({
            id: m.id,
            to: m.toAddress,
            cc: m.ccAddress ?? undefined,
            subject: m.subject ?? '',
            html: m.html ?? '',
            text: m.text ?? '',
            language: m.language ?? 'it',
            attachments: await this.attachmentsFor(m, scene.contexts.get(m.id)),
          });
          settlements.push({ id: m.id, state: 'sent', error: null, transport: this.transport.name, rendering });
        } catch (e) {
          settlements.push({ ...this.failure(m, byMessage.get(m.id)!, e, retry), rendering });
        }
      }
    };
    if (scene) await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, () => worker(scene)));
    await this.repo.settle(settlements);
    return jobs.map((j) =>
      retry.has(j.id) ? { id: j.id, status: 'failed', output: { error: retry.get(j.id)! } } : { id: j.id, status: 'completed' },
    );
  }

  /** A message not sent: `retrying` (its job is failed, so pg-boss runs it again later) or, after a bounce or the last attempt, `failed`. */
  private failure(m: MessageRow, job: SendJob, e: unknown, retry: Map<string, string>): Settlement {
    const last = e instanceof PermanentMailError || job.retryCount >= job.retryLimit;
    const error = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
    this.logger.warn(`Message ${m.id} to ${m.toAddress ?? '?'} not sent (attempt ${m.attempts}${last ? ', last' : ''}): ${error}`);
    if (!last) retry.set(job.id, error);
    return { id: m.id, state: last ? 'failed' : 'retrying', error, transport: null };
  }

  /** The submission PDF when the call lets applicants download it, from the attachment provider if one is registered. */
  private async attachmentsFor(m: MessageRow, ctx: MessageContext | undefined): Promise<MailAttachment[]> {
    if (m.kind !== 'submission-confirmation' || !m.submissionId || !ctx?.enableUserDownloadPdf) return [];
    let provider: MessageAttachmentProvider | undefined;
    try {
      provider = this.moduleRef.get<MessageAttachmentProvider>(MESSAGE_ATTACHMENTS, { strict: false });
    } catch {
      return [];
    }
    const files = await provider.attachmentsFor({ submissionId: m.submissionId, language: m.language ?? 'it' });
    await this.repo.saveAttachments(
      m.id,
      files.map((f) => ({ filename: f.filename, contentType: f.contentType, size: f.content.length })),
    );
    return files;
  }

  /** What rendering the batch's messages needs, read once: branding, templates, and each message's people, submission and call. */
  private async scene(claimed: MessageRow[]): Promise<RenderScene> {
    const todo = claimed.filter((m) => m.subject === null || m.kind === 'submission-confirmation').map((m) => m.id);
    if (!todo.length) return { brand: toBranding(null), fallback: 'it', contexts: new Map(), templates: new Map() };
    const templated = claimed.some((m) => m.subject === null && m.kind !== 'custom');
    const [brandRow, contexts] = await Promise.all([this.repo.activeBranding(), this.repo.contexts(todo)]);
    // The global templates and the versions of these messages' calls (a decision's per-call text).
    const callIds = [...new Set(contexts.flatMap((c) => (c.callId ? [c.callId] : [])))];
    const templates = templated ? await this.repo.templates(callIds) : [];
    return {
      brand: toBranding(brandRow),
      fallback: asLanguage(brandRow?.defaultLanguage, 'it'),
      contexts: new Map(contexts.map((c) => [c.id, c])),
      templates: new Map(templates.map((t) => [`${t.kind}.${t.language}.${t.callId ?? ''}`, t])),
    };
  }

  /** A message never rendered, in the recipient's language, with the templates in force now. */
  private async renderOne(m: MessageRow, scene: RenderScene): Promise<Rendering> {
    const ctx = scene.contexts.get(m.id);
    if (!ctx) throw new Error('The message has no context');
    const language = asLanguage(ctx.userLanguage ?? m.language, scene.fallback);
    const to = m.toAddress ?? ctx.userEmail;
    const cc = m.kind !== 'custom' && ctx.contactEmail && ctx.contactEmail.toLowerCase() !== to?.toLowerCase() ? ctx.contactEmail : null;
    const params = (ctx.params ?? {}) as { count?: unknown; comments?: unknown };
    const comments = Array.isArray(params.comments) ? params.comments.filter((c): c is string => typeof c === 'string') : [];
    const values: Record<string, string> = {
      recipientName: recipientName(ctx.userFirstName, ctx.userLastName, ctx.contactName, to),
      organizationName: ctx.organizationName ?? '',
      callName: ctx.callName ?? '',
      submissionCode: ctx.submissionCode ?? '',
      submittedAt: formatDate(language, ctx.submittedAt),
      closingAt: formatDate(language, ctx.closingAt),
      daysLeft: ctx.closingAt ? String(Math.max(1, Math.ceil((new Date(ctx.closingAt).getTime() - Date.now()) / DAY_MS))) : '',
      recapUrl: m.submissionId ? `${this.settings.publicUrl}/call/${m.submissionId}?readonly=true` : this.settings.publicUrl,
      resumeUrl: m.submissionId ? `${this.settings.publicUrl}/call/${m.submissionId}` : this.settings.publicUrl,
      workspaceUrl: ctx.callId ? `${this.settings.publicUrl}/admin/review/${ctx.callId}` : `${this.settings.publicUrl}/admin`,
      count: typeof params.count === 'number' ? String(params.count) : '',
      reviewerComments: reviewerCommentsHtml(language, comments),
      configurationName: scene.brand.name,
      answersSummary: '',
    };
    if (m.kind === 'organization-invitation')
      Object.assign(values, organizationInvitationValues(language, this.settings.publicUrl, ctx.params));
    if (m.kind === 'submission-confirmation' && m.submissionId) {
      values.answersSummary = answersSummary(await this.repo.summarySteps(m.submissionId), language, {
        noAnswer: translate(language, 'messages.summary.no-answer'),
        noFile: translate(language, 'messages.summary.no-file'),
      });
    }
    // A custom message's text is its batch's; a kind's template is the call's version (a decision's), else the
    // administrators' global one, else the built-in one.
    const template =
      m.kind === 'custom'
        ? { subject: ctx.batchSubject ?? '', html: ctx.batchHtml ?? '' }
        : ((ctx.callId ? scene.templates.get(`${m.kind}.${language}.${ctx.callId}`) : undefined) ??
          scene.templates.get(`${m.kind}.${language}.`) ??
          BUILT_IN_TEMPLATES[m.kind as TemplateKind]?.[language] ?? { subject: '', html: '' });
    return { id: m.id, toAddress: to, ccAddress: cc, language, ...render(language, template, values, scene.brand) };
  }
}
