import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LANGUAGES, type Language } from '@impact-calls/domain';

/** The configured logo (a data URL) and its size; the PDF draws the default logo 50x50 without one. */
export class PdfLogoDto {
  @ApiProperty({ nullable: true, type: String, description: 'Data URL of the configured logo; null: the default logo' }) dataUrl:
    string | null;
  @ApiProperty() width: number;
  @ApiProperty() height: number;
  @ApiProperty({ description: 'The portal name (alternative text)' }) name: string;
}

export class PdfOrganisationDto {
  @ApiProperty() name: string;
  @ApiProperty() regNumber: string;
  @ApiProperty() streetName: string;
  @ApiProperty() cityName: string;
  @ApiProperty() country: string;
  @ApiProperty({ nullable: true, type: String, description: 'YYYY-MM-DD' }) dateOfFoundation: string | null;
}

export class PdfReferentDto {
  @ApiProperty() name: string;
  @ApiProperty() surname: string;
  @ApiProperty() role: string;
  @ApiProperty() email: string;
}

/** One line of a step as a person reads it: a question and its answer, or an upload slot and its file. */
export class PdfEntryDto {
  @ApiProperty({ description: 'Question title, or upload slot name' }) label: string;
  @ApiProperty({ description: 'The answer as text (choice labels, not values); the file name for a slot; "" when none' }) value: string;
  @ApiProperty() answered: boolean;
  @ApiPropertyOptional({ description: 'More about the entry: the file size and description of an upload' }) detail?: string;
}

export class PdfSectionDto {
  @ApiProperty({ format: 'uuid' }) stepId: string;
  @ApiProperty({ description: 'Position in the call, from 1' }) number: number;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'Step kind: text, upload, survey, quiz, results, miniDyi, or a custom kind' }) kind: string;
  @ApiProperty({ description: "Administrators' HTML of text and results steps, sanitized; '' for other kinds" }) html: string;
  @ApiProperty({ type: [PdfEntryDto] }) entries: PdfEntryDto[];
  @ApiProperty({ nullable: true, type: Number, description: 'Quiz: the score 0..1 once the submission is closed' }) score: number | null;
}

export class PdfAttachmentDto {
  @ApiProperty({ format: 'uuid' }) stepId: string;
  @ApiProperty({ description: 'The upload slot (its file_name)' }) slot: string;
  @ApiProperty() slotIndex: number;
  @ApiProperty() fileName: string;
  @ApiProperty({ description: 'Bytes' }) size: number;
  @ApiProperty() description: string;
  @ApiProperty({ description: 'pdf, excel, word, image, video' }) type: string;
  @ApiProperty({ format: 'uuid' }) fileDownloadId: string;
}

export class PdfSdgDto {
  @ApiProperty() code: number;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Official colour #RRGGBB' }) colour: string;
  @ApiProperty({ description: 'Text colour on the tile' }) textColour: string;
}

export class PdfIndicatorDto {
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: Number }) target: number | null;
  @ApiProperty() proxyName: string;
  @ApiProperty({ nullable: true, type: Number }) proxyValue: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'target x proxy value, null when either is missing' }) value: number | null;
}

export class PdfOutcomeDto {
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: PdfSdgDto }) sdg: PdfSdgDto | null;
  @ApiProperty() stakeholder: string;
  @ApiProperty() custom: boolean;
  @ApiProperty({ type: [PdfIndicatorDto] }) indicators: PdfIndicatorDto[];
}

export class PdfSroiDto {
  @ApiProperty({ description: 'Years the impact is estimated over (3 by default)' }) years: number;
  @ApiProperty() annualValue: number;
  @ApiProperty({ type: [Number], description: 'Value of each year' }) yearValues: number[];
  @ApiProperty({ description: 'Value over the years (present value)' }) presentValue: number;
  @ApiProperty({ nullable: true, type: Number }) sroi: number | null;
  @ApiProperty({ description: '"1 : 3.45"; "" without a budget' }) ratio: string;
  @ApiProperty() overThreshold: boolean;
}

export class PdfMiniDyiDto {
  @ApiProperty({ format: 'uuid' }) stepId: string;
  @ApiProperty() title: string;
  @ApiProperty({ nullable: true, type: Number }) budget: number | null;
  @ApiProperty({ nullable: true, type: Number }) budgetSpent: number | null;
  @ApiProperty({ type: [PdfSdgDto] }) sdgs: PdfSdgDto[];
  @ApiProperty({ type: [PdfOutcomeDto] }) outcomes: PdfOutcomeDto[];
  @ApiProperty({ type: PdfSroiDto }) sroi: PdfSroiDto;
}

/** The spec's PDF export data (section 3), in the language asked. */
export class PdfExportDto {
  @ApiProperty({ enum: LANGUAGES, enumName: 'Language' }) language: Language;
  @ApiProperty({ type: PdfLogoDto }) configLogo: PdfLogoDto;
  @ApiProperty() callName: string;
  @ApiProperty({ description: 'The name and e-mail of the user who started the submission' }) submittedBy: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When it was submitted; null while open' })
  submissionDateTime: string | null;
  @ApiProperty({ format: 'date-time' }) openedAt: string;
  @ApiProperty({ format: 'uuid' }) submissionId: string;
  @ApiProperty() submissionCode: string;
  @ApiProperty() closed: boolean;
  @ApiProperty({ type: PdfOrganisationDto }) organisation: PdfOrganisationDto;
  @ApiProperty({ type: PdfReferentDto }) referent: PdfReferentDto;
  @ApiProperty({ type: [PdfSectionDto], description: 'Every step, in order' }) sectionsForPDF: PdfSectionDto[];
  @ApiProperty({ type: [PdfAttachmentDto] }) attachments: PdfAttachmentDto[];
  @ApiProperty({ type: [PdfMiniDyiDto], description: 'One per miniDyi step' }) miniDyi: PdfMiniDyiDto[];
  @ApiProperty({ nullable: true, type: Number }) quizScore: number | null;
  @ApiProperty({ nullable: true, type: Number }) sroiScore: number | null;
}
