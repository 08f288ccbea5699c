import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  consentChanges,
  DEFAULT_LANGUAGE,
  isConsentPending,
  isLanguage,
  LANGUAGES,
  ORGANIZATION_CONSENTS,
  RENEWABLE_CONSENT_KIND,
  translate,
  type ConsentKind,
  type Language,
} from '@impact-calls/domain';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { badRequest, notFound } from '../../common/http/app-error.js';
import type { OrganizationConsentRecorder, OrganizationConsentSource } from '../organizations/organization-consents.js';
import type { ConsentRecordDto, ConsentTextDto, PendingConsentDto, RecordConsentDto } from './dto/privacy.dto.js';
import { PrivacyRepository } from './privacy.repository.js';

/** A text's version: the sha256 hex of its exact UTF-8 bytes. */
export const textVersion = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The language a user sees: the one kept with them, else the configuration's default. */
const languageOf = (user: Pick<AuthUser, 'language'>, fallback: Language): Language =>
  isLanguage(user.language) ? user.language : fallback;

/** The active configuration's data-consent text in each language (a language without its own shows the default's). */
interface ConsentTexts {
  byLanguage: Map<Language, string>;
  defaultLanguage: Language;
}

/**
 * Consent records: what a user agreed to, when, and the exact text shown (stored once by its
 * sha256). Given with the organization form, and again after sign-in when the branding's
 * data-consent text changed. No address or device is kept (data minimisation, docs/privacy.md).
 */
@Injectable()
export class ConsentsService implements OrganizationConsentRecorder {
  constructor(private readonly repo: PrivacyRepository) {}

  /**
   * The consents of an organization's form, in its saving transaction: each box ticked under a text
   * with no record of this user yet is recorded, each box unticked withdraws the records in force.
   */
  async recordOrganizationConsents(m: EntityManager, user: AuthUser, org: OrganizationConsentSource): Promise<void> {
    const texts = await this.consentTexts(m);
    const language = languageOf(user, texts.defaultLanguage);
    const shown = new Map<ConsentKind, string>();
    const ticked: Partial<Record<ConsentKind, boolean>> = {};
    for (const c of ORGANIZATION_CONSENTS) {
      shown.set(c.kind, translate(language, c.textKey));
      ticked[c.kind] = org[c.flag] === true;
    }
    // The branding's text is shown above the boxes and agreed to with the data-processing consent.
    const notice = texts.byLanguage.get(language);
    if (notice) {
      shown.set(RENEWABLE_CONSENT_KIND, notice);
      ticked[RENEWABLE_CONSENT_KIND] = org.personalData === true;
    }
    const versions = Object.fromEntries([...shown].map(([kind, text]) => [kind, textVersion(text)]));
    const inForce = await this.repo.inForceOfOrganization(m, org.id);
    const { give } = consentChanges(
      ticked,
      versions,
      inForce.filter((r) => r.userId === user.id),
    );
    // The notice is never withdrawn by the form: unticking data processing is refused before this.
    const { withdraw } = consentChanges({ ...ticked, [RENEWABLE_CONSENT_KIND]: undefined }, versions, inForce);
    for (const kind of give) {
      await this.repo.saveText(m, versions[kind], shown.get(kind)!);
      await this.repo.insertRecord(m, { userId: user.id, organizationId: org.id, kind, textVersion: versions[kind] });
    }
    for (const kind of withdraw) await this.repo.withdrawOfOrganization(m, org.id, kind);
  }

  /** What the user must (re)consent to: the branding's data-consent text, when none of their consents in force is to its current text. */
  async pending(user: AuthUser, lang: Language | undefined): Promise<PendingConsentDto[]> {
    const texts = await this.consentTexts();
    const current = [...new Set([...texts.byLanguage.values()].map(textVersion))];
    const given = await this.repo.inForceOfUser(user.id, RENEWABLE_CONSENT_KIND);
    if (!isConsentPending(RENEWABLE_CONSENT_KIND, current, given)) return [];
    const language = lang ?? languageOf(user, texts.defaultLanguage);
    const text = texts.byLanguage.get(language) ?? texts.byLanguage.get(texts.defaultLanguage)!;
    return [{ kind: RENEWABLE_CONSENT_KIND, textVersion: textVersion(text), text, language }];
  }

  /** Records the user's consent to the current text (400 errors.privacy.stale-consent-text when it changed meanwhile); once per version. */
  async record(user: AuthUser, dto: RecordConsentDto): Promise<ConsentRecordDto> {
    if (dto.kind !== RENEWABLE_CONSENT_KIND)
      throw badRequest('errors.privacy.consent-kind', 'This consent is given with the organization form', {
        errors: { kind: `only ${RENEWABLE_CONSENT_KIND}` },
      });
    return this.repo.transaction(async (m) => {
      const texts = await this.consentTexts(m);
      const text = [...texts.byLanguage.values()].find((t) => textVersion(t) === dto.textVersion);
      if (text === undefined)
        throw badRequest('errors.privacy.stale-consent-text', 'The text changed meanwhile: read the current one and agree again', {
          errors: { textVersion: 'not the current text' },
        });
      const existing = (await this.repo.inForceOfUser(user.id, dto.kind, m)).find((r) => r.textVersion === dto.textVersion);
      if (!existing) {
        await this.repo.saveText(m, dto.textVersion, text);
        await this.repo.insertRecord(m, { userId: user.id, organizationId: null, kind: dto.kind, textVersion: dto.textVersion });
      }
      const mine = await this.repo.consentsOfUser(user.id, m);
      return mine.find((r) => r.kind === dto.kind && r.textVersion === dto.textVersion && r.withdrawnAt === null)!;
    });
  }

  /** The user's own consent records, newest first. */
  list(user: AuthUser): Promise<ConsentRecordDto[]> {
    return this.repo.consentsOfUser(user.id);
  }

  /** The exact text of a version the user consented to (404 otherwise: others' texts are not theirs to read). */
  async text(user: AuthUser, version: string): Promise<ConsentTextDto> {
    const found = await this.repo.textOfUser(user.id, version);
    if (!found) throw notFound('errors.privacy.text-not-found', 'Consent text not found');
    return found;
  }

  private async consentTexts(m?: EntityManager): Promise<ConsentTexts> {
    const config = await this.repo.activeConfiguration(m);
    const defaultLanguage = isLanguage(config?.defaultLanguage) ? config.defaultLanguage : DEFAULT_LANGUAGE;
    const own = (l: Language) => config?.texts?.[l]?.dataConsentText || '';
    const byLanguage = new Map<Language, string>();
    for (const l of LANGUAGES) {
      // As GetConfig shows it: the language's own text, else the default language's.
      const text = own(l) || own(defaultLanguage);
      if (text) byLanguage.set(l, text);
    }
    return { byLanguage, defaultLanguage };
  }
}
