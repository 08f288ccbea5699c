import { Inject, Injectable } from '@nestjs/common';
import { Readable, type Writable } from 'node:stream';
import { archiveEntryName, translate, uniqueNamer, type Language } from '@impact-calls/domain';
import { AccessPolicy } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { notFound } from '../../common/http/app-error.js';
import { ZipWriter } from '../documents/zip-writer.js';
import { FILE_STORAGE, NotFoundInStorage, type FileStorage } from '../files/storage/file-storage.js';
import { EXPORT_PAGE, FIRST_PAGE, PrivacyRepository, type FileRow, type KeysetPage, type SubmissionRow } from './privacy.repository.js';

/** The organization an export is made of, checked before its first byte. */
export interface ExportedOrganization {
  id: string;
  name: string;
}

/** A page of keyset rows, then the next page's start. */
async function* pages<T extends { id: string; cursorAt: string }>(read: (page: KeysetPage) => Promise<T[]>): AsyncGenerator<T[]> {
  let page: KeysetPage = FIRST_PAGE;
  for (;;) {
    const rows = await read(page);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_PAGE) return;
    const last = rows[rows.length - 1];
    page = { afterAt: last.cursorAt, afterId: last.id };
  }
}

/** A row without its keyset cursor. */
const plain = <T extends { cursorAt: string }>({ cursorAt: _, ...row }: T) => row;

/** `"key": [` … `]`: the rows of `source` as one JSON array, written as they come. */
async function* jsonArray(key: string, source: AsyncIterable<unknown[]>, last = false): AsyncGenerator<string> {
  yield `  ${JSON.stringify(key)}: [`;
  let first = true;
  for await (const rows of source) {
    for (const row of rows) {
      yield `${first ? '' : ','}\n    ${JSON.stringify(row)}`;
      first = false;
    }
  }
  yield `${first ? '' : '\n  '}]${last ? '' : ','}\n`;
}

async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}

/** Text as UTF-8 buffers, so the archive reads bytes whatever the generator yields. */
const bytes = (source: AsyncIterable<string>) =>
  Readable.from(
    (async function* () {
      for await (const s of source) yield Buffer.from(s, 'utf8');
    })(),
  );

/** The archive path of each file of a page of submissions: `files/<code>/<name>`, made unique per application. */
function filePaths(submissions: readonly SubmissionRow[], files: readonly FileRow[]): Map<string, string> {
  const code = new Map(submissions.map((s) => [s.id, archiveEntryName(s.code, 'application')]));
  const namers = new Map<string, (name: string) => string>();
  const paths = new Map<string, string>();
  for (const f of files) {
    let unique = namers.get(f.submissionId);
    if (!unique) namers.set(f.submissionId, (unique = uniqueNamer()));
    paths.set(f.id, `files/${code.get(f.submissionId)}/${unique(archiveEntryName(f.fileName))}`);
  }
  return paths;
}

/**
 * The data exports (GDPR articles 15 and 20) as ZIPs streamed to the response: README.txt in the
 * user's language, data.json, and an organization's files. Rows are read a page at a time and files
 * one at a time from the storage, so neither a whole file nor the archive is ever held in memory.
 */
@Injectable()
export class PrivacyExportService {
  constructor(
    private readonly repo: PrivacyRepository,
    private readonly access: AccessPolicy,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** The organization, when the user may export it: its owners (organization.write); 404 for anyone else, members included. */
  async organizationOf(user: AuthUser, organizationId: string): Promise<ExportedOrganization> {
    const allowed = await this.access.checkAccess({ auth: { user }, permission: Permission.OrganizationWrite, ids: [organizationId] });
    const org = allowed.has(organizationId) ? await this.repo.organization(organizationId) : undefined;
    if (!org) throw notFound('errors.organization-not-found', 'Organization not found');
    return { id: org.id, name: org.name };
  }

  /** Everything held on the user, but the audit trail. */
  userZip(user: AuthUser, language: Language, out: Writable): Promise<void> {
    return ZipWriter.write(out, async (zip) => {
      await zip.add('README.txt', await this.readme(language, 'me'));
      await zip.add('data.json', bytes(this.userJson(user, language)));
    });
  }

  /** An organization's data: its files first (one at a time), then data.json naming where each went. */
  organizationZip(org: ExportedOrganization, language: Language, out: Writable): Promise<void> {
    return ZipWriter.write(out, async (zip) => {
      await zip.add('README.txt', await this.readme(language, 'organization', org.name));
      // Only the paths of the files written are kept (a file removed meanwhile is said missing in data.json).
      const written = new Map<string, string>();
      for await (const submissions of pages((p) => this.repo.submissionsOfOrganization(org.id, p))) {
        const files = await this.repo.files(submissions.map((s) => s.id));
        const paths = filePaths(submissions, files);
        for (const f of files) {
          const path = paths.get(f.id)!;
          let stream: Readable;
          try {
            stream = await this.storage.open(f.storageKey);
          } catch (e) {
            if (e instanceof NotFoundInStorage) continue;
            throw e;
          }
          await zip.add(path, stream, { store: true });
          written.set(f.id, path);
        }
      }
      await zip.add('data.json', bytes(this.organizationJson(org, language, written)));
    });
  }

  private async *userJson(user: AuthUser, language: Language): AsyncGenerator<string> {
    const profile = await this.repo.profile(user.id);
    yield `{\n  "format": "impact-calls-personal-data/1",\n  "generatedAt": ${JSON.stringify(new Date().toISOString())},\n`;
    yield `  "language": ${JSON.stringify(language)},\n  "user": ${JSON.stringify(profile ?? null)},\n`;
    yield* jsonArray('memberships', once(await this.repo.memberships(user.id)));
    yield* jsonArray('sessions', once(await this.repo.sessions(user.id)));
    yield* jsonArray('consents', once(await this.repo.userConsents(user.id)));
    yield* jsonArray(
      'messages',
      this.plainPages((p) => this.repo.messagesToUser(user.id, user.email, p)),
    );
    yield* jsonArray(
      'submissions',
      this.plainPages((p) => this.repo.submissionsOfUser(user.id, p)),
      true,
    );
    yield '}\n';
  }

  private async *organizationJson(org: ExportedOrganization, language: Language, written: Map<string, string>): AsyncGenerator<string> {
    const organization = await this.repo.organization(org.id);
    yield `{\n  "format": "impact-calls-organization-data/1",\n  "generatedAt": ${JSON.stringify(new Date().toISOString())},\n`;
    yield `  "language": ${JSON.stringify(language)},\n  "organization": ${JSON.stringify(organization ?? null)},\n`;
    yield* jsonArray('members', once(await this.repo.members(org.id)));
    yield* jsonArray('consents', once(await this.repo.organizationConsents(org.id)));
    const decisions: { code: string; decision: string; releasedAt: string }[] = [];
    yield* jsonArray('submissions', this.submissionsWithAnswers(org.id, written, decisions));
    yield* jsonArray('decisions', once(decisions));
    yield* jsonArray(
      'messages',
      this.plainPages((p) => this.repo.messagesAboutOrganization(org.id, p)),
      true,
    );
    yield '}\n';
  }

  /** Each page of submissions with every step's answers and its files (where each is in the archive). */
  private async *submissionsWithAnswers(
    organizationId: string,
    written: Map<string, string>,
    decisions: { code: string; decision: string; releasedAt: string }[],
  ): AsyncGenerator<unknown[]> {
    for await (const submissions of pages((p) => this.repo.submissionsOfOrganization(organizationId, p))) {
      const ids = submissions.map((s) => s.id);
      const [answers, files] = await Promise.all([this.repo.answers(ids), this.repo.files(ids)]);
      yield submissions.map((s) => {
        if (s.decision && s.decisionReleasedAt) decisions.push({ code: s.code, decision: s.decision, releasedAt: s.decisionReleasedAt });
        return {
          ...plain(s),
          answers: answers.filter((a) => a.submissionId === s.id).map(({ submissionId: _, ...a }) => a),
          files: files
            .filter((f) => f.submissionId === s.id)
            .map(({ storageKey: _, submissionId: __, ...f }) => ({ ...f, path: written.get(f.id) ?? null, missing: !written.has(f.id) })),
        };
      });
    }
  }

  private async *plainPages<T extends { id: string; cursorAt: string }>(
    read: (page: KeysetPage) => Promise<T[]>,
  ): AsyncGenerator<unknown[]> {
    for await (const rows of pages(read)) yield rows.map(plain);
  }

  private async readme(language: Language, kind: 'me' | 'organization', organization = ''): Promise<string> {
    const product = (await this.repo.activeConfiguration())?.name || 'Impact Calls';
    const L = (key: string, vars?: Record<string, string>) => translate(language, `privacy.readme.${key}`, vars);
    const title = kind === 'me' ? L('title-me', { product }) : L('title-organization', { organization, product });
    const lines = [
      title,
      '='.repeat(Math.min(Array.from(title).length, 72)),
      '',
      L('generated', { date: new Date().toISOString().slice(0, 16).replace('T', ' ') }),
      '',
      L(kind === 'me' ? 'contents-me' : 'contents-organization'),
      '',
      `- ${L('data-json')}`,
      ...(kind === 'organization' ? [`- ${L('files')}`] : []),
      '',
      L('not-included'),
      L('questions'),
      '',
    ];
    // CRLF: the file opens as intended in any editor, Notepad included.
    return lines.join('\r\n');
  }
}
