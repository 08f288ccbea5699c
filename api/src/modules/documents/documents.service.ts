import { Injectable } from '@nestjs/common';
import { DEFAULT_TIME_ZONE, type Language } from '@impact-calls/domain';
import { AccessPolicy, submissionNotFound } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { SubmissionsService } from '../submissions/submissions.service.js';
import type { PdfExportDto } from './dto/documents.dto.js';
import { DocumentsRepository, type SubmissionHead } from './documents.repository.js';
import { PdfRenderer } from './pdf-renderer.js';
import { footerHtml, submissionHtml } from './pdf-template.js';
import { buildPdfExport, type DocumentSource, type DocumentStep, documentStep, pdfFileName } from './submission-document.js';

export interface RenderedPdf {
  fileName: string;
  pdf: Buffer;
}

/**
 * A submission's PDF and its data (spec section 3, "PDF export data"). Who may have them is
 * decided by the access policy: the data, submission.review (the acting organization's own
 * submission, as for reading it; administrators any); the PDF, submission.pdf (the same, once
 * the submission is closed, of a call whose `enableUserDownloadPdf` is on; administrators any).
 * `submissionPdf` is the plain rendering for other modules (the confirmation e-mail), which
 * decide access themselves.
 */
@Injectable()
export class DocumentsService {
  private readonly stepCache = new WeakMap<object, DocumentStep[]>();

  constructor(
    private readonly repo: DocumentsRepository,
    private readonly access: AccessPolicy,
    private readonly submissions: SubmissionsService,
    private readonly renderer: PdfRenderer,
  ) {}

  /** The steps of a call type read for documents, once per cached definition list. */
  async steps(callTypeId: string): Promise<DocumentStep[]> {
    const definitions = await this.submissions.steps(callTypeId);
    let steps = this.stepCache.get(definitions);
    if (!steps) {
      steps = definitions.map((x) => documentStep({ id: x.step.id, name: x.step.name, kind: x.kind, content: x.step.content }));
      this.stepCache.set(definitions, steps);
    }
    return steps;
  }

  /** Everything a submission's documents show, read in four queries (the steps from memory). */
  async source(head: SubmissionHead): Promise<DocumentSource> {
    const [steps, results, attachments, logo] = await Promise.all([
      this.steps(head.callTypeId),
      this.repo.results([head.id]),
      this.repo.attachments([head.id]),
      this.repo.logo(),
    ]);
    const o = head.organization;
    return {
      submission: {
        id: head.id,
        code: head.code,
        closed: head.closed,
        openedAt: head.openedAt,
        submittedAt: head.submittedAt,
        quizScore: head.quizScore,
        sroiScore: head.sroiScore,
      },
      callName: head.callName,
      organisation: {
        name: o.name,
        regNumber: o.regNumber,
        streetName: o.streetName,
        cityName: o.cityName,
        country: o.country,
        dateOfFoundation: o.dateOfFoundation,
      },
      referent: { name: o.contactName, surname: o.contactSurname, role: o.contactRole, email: o.contactEmail },
      user: head.user,
      steps,
      results: results.get(head.id) ?? new Map(),
      attachments: attachments.get(head.id) ?? [],
      logo: { dataUrl: logo?.logoBase64 ?? null, width: logo?.logoWidth ?? 50, height: logo?.logoHeight ?? 50, name: logo?.name ?? '' },
    };
  }

  async head(submissionId: string): Promise<SubmissionHead> {
    const head = await this.repo.head(submissionId);
    if (!head) throw submissionNotFound();
    return head;
  }

  /**
   * The submission an applicant or administrator may have documents of: administrators any;
   * applicants only their acting organization's (the e-mail filter applies), as for reading it.
   */
  private async readableHead(
    user: AuthUser,
    organizationId: string | undefined,
    submissionId: string,
    permission: Permission.SubmissionReview | Permission.SubmissionPdf = Permission.SubmissionReview,
  ): Promise<SubmissionHead> {
    await this.access.requireAccess({ auth: { user, organizationId }, permission, ids: [submissionId] });
    return this.head(submissionId);
  }

  /** GetAllAnswerForPdf: the data of the PDF, for the acting organization's own submission of the call (administrators: any). */
  async pdfData(
    user: AuthUser,
    organizationId: string | undefined,
    callId: string,
    submissionId: string,
    language: Language,
  ): Promise<PdfExportDto> {
    const head = await this.readableHead(user, organizationId, submissionId);
    if (head.callId !== callId) throw submissionNotFound();
    return buildPdfExport(await this.source(head), language);
  }

  /**
   * GetSubmissionPdf. Applicants: their organization's submission, once closed, of a call that
   * lets applicants download it (409 with a key otherwise: a 403 would end the applicant's
   * session, spec section 8). Administrators: any submission, open or closed.
   */
  async pdfFor(
    user: AuthUser,
    organizationId: string | undefined,
    submissionId: string,
    language: Language,
    timeZone: string = DEFAULT_TIME_ZONE,
  ): Promise<RenderedPdf> {
    const head = await this.readableHead(user, organizationId, submissionId, Permission.SubmissionPdf);
    return this.render(head, language, timeZone);
  }

  /** The console's PDF of any submission. */
  async adminPdf(submissionId: string, language: Language, timeZone: string = DEFAULT_TIME_ZONE): Promise<RenderedPdf> {
    return this.render(await this.head(submissionId), language, timeZone);
  }

  /**
   * The PDF of a submission in a language, with no access check: for other modules (issue 17
   * attaches it to the confirmation e-mail). 404 errors.submission-not-found for an unknown id,
   * 503 errors.pdf-unavailable without Chromium.
   */
  async submissionPdf(submissionId: string, language: Language): Promise<Buffer> {
    return (await this.submissionPdfFile(submissionId, language)).pdf;
  }

  /** The PDF with its file name, without an access check (the confirmation e-mail's attachment: its reader's zone is not known, UTC named). */
  async submissionPdfFile(submissionId: string, language: Language): Promise<RenderedPdf> {
    return this.render(await this.head(submissionId), language);
  }

  /** The PDF of a submission, its dates in `timeZone` with the zone named. */
  async render(head: SubmissionHead, language: Language, timeZone: string = DEFAULT_TIME_ZONE): Promise<RenderedPdf> {
    const doc = buildPdfExport(await this.source(head), language);
    const html = submissionHtml(doc, timeZone);
    return { fileName: pdfFileName(head.code), pdf: await this.renderer.render(html, { footerHtml: footerHtml(doc) }) };
  }
}
