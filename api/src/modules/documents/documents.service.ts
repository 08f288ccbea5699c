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

/** A submission's PDF and its data (spec section 3); `pdfOf` and `submissionPdf` check no access: their callers decide. */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly repo: DocumentsRepository,
    private readonly access: AccessPolicy,
    private readonly submissions: SubmissionsService,
    private readonly renderer: PdfRenderer,
  ) {}

  /** The steps of a call type as documents read them (the definitions come from the steps' cache). */
  async steps(callTypeId: string): Promise<DocumentStep[]> {
    const definitions = await this.submissions.steps(callTypeId);
    return definitions.map((x) => documentStep({ id: x.step.id, name: x.step.name, kind: x.kind, content: x.step.content }));
  }

  /** Everything a submission's documents show, read in four queries (the steps from memory). */
  async source(head: SubmissionHead): Promise<DocumentSource> {
    const [steps, results, attachments, logo] = await Promise.all([
      this.steps(head.callTypeId),
      this.repo.results([head.id]),
      this.repo.attachments([head.id]),
      this.repo.logo(),
    ]);
    const { contactName: name, contactSurname: surname, contactRole: role, contactEmail: email, ...organisation } = head.organization;
    return {
      submission: head,
      callName: head.callName,
      organisation,
      referent: { name, surname, role, email },
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

  /** GetAllAnswerForPdf: the data of the PDF, for the acting organization's own submission of the call (administrators: any). */
  async pdfData(
    user: AuthUser,
    organizationId: string | undefined,
    callId: string,
    submissionId: string,
    language: Language,
  ): Promise<PdfExportDto> {
    await this.access.requireAccess({ auth: { user, organizationId }, permission: Permission.SubmissionReview, ids: [submissionId] });
    const head = await this.head(submissionId);
    if (head.callId !== callId) throw submissionNotFound();
    return buildPdfExport(await this.source(head), language);
  }

  /** GetSubmissionPdf, under submission.pdf (an applicant's refusal is a 409 with a key: a 403 would end the session). */
  async pdfFor(user: AuthUser, organizationId: string | undefined, submissionId: string, language: Language, timeZone: string) {
    await this.access.requireAccess({ auth: { user, organizationId }, permission: Permission.SubmissionPdf, ids: [submissionId] });
    return this.pdfOf(submissionId, language, timeZone);
  }

  /** The PDF of any submission with its file name; 404 errors.submission-not-found, 503 errors.pdf-unavailable without Chromium. */
  async pdfOf(submissionId: string, language: Language, timeZone?: string): Promise<RenderedPdf> {
    return this.render(await this.head(submissionId), language, timeZone);
  }

  async submissionPdf(submissionId: string, language: Language): Promise<Buffer> {
    return (await this.pdfOf(submissionId, language)).pdf;
  }

  /** The PDF of a submission, its dates in `timeZone` with the zone named (UTC by default: the reader's zone is not known). */
  async render(head: SubmissionHead, language: Language, timeZone: string = DEFAULT_TIME_ZONE): Promise<RenderedPdf> {
    const doc = buildPdfExport(await this.source(head), language);
    const html = submissionHtml(doc, timeZone);
    return { fileName: pdfFileName(head.code), pdf: await this.renderer.render(html, { footerHtml: footerHtml(doc) }) };
  }
}
