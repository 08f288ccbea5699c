/** What a user may do to records: every check of the API goes through AccessPolicy with one of these (docs/decisions/access.md). */
export enum Permission {
  /** Act for an organization (SelectedOrganizationId) and read it: a member of it, while it is not archived. */
  OrganizationRead = 'organization.read',
  /** Change or delete an organization: organization.read, with a role that may (owner). */
  OrganizationWrite = 'organization.write',
  /** Manage an organization's members and invitations: organization.read, with a role that may (owner). */
  OrganizationMembers = 'organization.members',
  /** See a call on the applicant paths: its e-mail filter lets the user in. */
  CallRead = 'call.read',
  /** Open a submission to a call: call.read, the acting role writes (owner, editor), and the call is open. */
  CallApply = 'call.apply',
  /** Read the steps of a call type: some call using it passes call.read. */
  CallTypeRead = 'callType.read',
  /** Read a submission and its answers: the acting organization's, of a call the user may read. */
  SubmissionRead = 'submission.read',
  /** Write to a submission: submission.read, the acting role writes (owner, editor), the submission not closed, its call open. */
  SubmissionWrite = 'submission.write',
  /** Review a submission (its files, its PDF): administrators any; everyone else submission.read. */
  SubmissionReview = 'submission.review',
  /** Download a file: administrators any; a submission's, submission.read on it; a call's custom file, call.read on a call offering it. */
  AttachmentRead = 'attachment.read',
  /** Remove a file from a slot: a submission's file, submission.read on it, the acting role writes (submission.write is checked on the locked row). */
  AttachmentDelete = 'attachment.delete',
  /** Have a submission's PDF: administrators any; others submission.read, once it is closed, if its call lets applicants (409 otherwise). */
  SubmissionPdf = 'submission.pdf',
  /** See a call's review workspace: the user is one of its reviewers (by account, or by the invited address). */
  CallReview = 'call.review',
  /** Read an assigned application, its files and the review: the user is the assignment's reviewer. */
  ReviewRead = 'review.read',
  /** Write the review: review.read, and the phase in force lets reviewers score (409 otherwise). */
  ReviewWrite = 'review.write',
  /** Embed a call's applicants' report (Power BI): call.read, once the call's lock end has passed (409 before). */
  CallReport = 'call.report',

  // The user's own, on no record (asked with `requireGranted`/`granted`): who the user is.

  /** Use the console (the routes declared ADMIN): administrators (a role named admin, any case). */
  ConsoleUse = 'console.use',
  /** Change the branding (the routes declared CUSTOMIZE): administrators whose address is in CUSTOMIZE_EMAIL_DOMAIN (any case). */
  BrandingCustomize = 'branding.customize',
  /** Upload a console file (a library file, a call's custom file): administrators. */
  LibraryUpload = 'library.upload',
  /** See which calls use an impact framework: administrators (a call's name is hidden by its e-mail filter). */
  ImpactFrameworkUsage = 'impactFramework.usage',
}

/** The permissions of the user alone, on no record. */
export type UserPermission =
  Permission.ConsoleUse | Permission.BrandingCustomize | Permission.LibraryUpload | Permission.ImpactFrameworkUsage;
