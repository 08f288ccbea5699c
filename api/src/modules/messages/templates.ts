import { DEFAULT_TIME_ZONE, formatDateTimeWithZone, LANGUAGES, type Language, translate } from '@impact-calls/domain';
import { badRequest } from '../../common/http/app-error.js';
import { DECISION_KINDS, type MessageKind } from './message.entity.js';

/**
 * Message templates: a subject and an HTML body per kind and language, with `{{name}}` placeholders; administrators'
 * versions are rows of message_template. Rendering escapes every value but the product's own HTML (the answers summary).
 */

const WHO = ['recipientName', 'organizationName', 'callName'];
const DECISION_PLACEHOLDERS = [...WHO, 'submissionCode', 'reviewerComments', 'recapUrl', 'configurationName'];

/** The placeholders each kind may use, in the order the console lists them. */
export const PLACEHOLDERS: Record<MessageKind, readonly string[]> = {
  'submission-confirmation': [...WHO, 'submissionCode', 'submittedAt', 'answersSummary', 'recapUrl', 'configurationName'],
  'submission-reopened': [...WHO, 'submissionCode', 'resumeUrl', 'configurationName'],
  'deadline-reminder': [...WHO, 'submissionCode', 'closingAt', 'daysLeft', 'resumeUrl', 'configurationName'],
  custom: [...WHO, 'configurationName'],
  'review-assignments': ['recipientName', 'callName', 'count', 'workspaceUrl', 'configurationName'],
  'reviewer-invitation': ['callName', 'workspaceUrl', 'configurationName'],
  'organization-invitation': ['organizationName', 'inviterName', 'role', 'acceptUrl', 'expiresAt', 'configurationName'],
  'decision-shortlisted': DECISION_PLACEHOLDERS,
  'decision-approved': DECISION_PLACEHOLDERS,
  'decision-rejected': DECISION_PLACEHOLDERS,
  'decision-waiting-list': DECISION_PLACEHOLDERS,
};

/** Kinds whose template administrators edit (a custom message's text is written for each sending). */
export const TEMPLATE_KINDS = [
  'submission-confirmation',
  'submission-reopened',
  'deadline-reminder',
  'review-assignments',
  'reviewer-invitation',
  'organization-invitation',
  ...DECISION_KINDS,
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** Kinds whose template may also be a call's own (the call's version wins over the global one). */
export const CALL_TEMPLATE_KINDS: readonly TemplateKind[] = DECISION_KINDS;

/** Placeholders whose value is HTML made by the product (never administrator or applicant text). */
const HTML_VALUES = new Set(['answersSummary', 'reviewerComments']);

export type TemplateText = Record<'subject' | 'html', string>;

export const BUILT_IN_TEMPLATES: Record<TemplateKind, Record<Language, TemplateText>> = {
  'submission-confirmation': {
    it: {
      subject: 'Candidatura inviata: {{callName}} ({{submissionCode}})',
      html:
        '<p>Gentile {{recipientName}},</p><p>la candidatura di <strong>{{organizationName}}</strong> al bando <strong>{{callName}}</strong> è stata inviata il {{submittedAt}} con il codice <strong>{{submissionCode}}</strong>.</p>' +
        '<h3>Riepilogo delle risposte</h3>{{answersSummary}}<p><a href="{{recapUrl}}">Consulta la candidatura (sola lettura)</a></p><p>Grazie per aver partecipato.</p>',
    },
    en: {
      subject: 'Application submitted: {{callName}} ({{submissionCode}})',
      html:
        '<p>Dear {{recipientName}},</p><p>the application of <strong>{{organizationName}}</strong> to <strong>{{callName}}</strong> was submitted on {{submittedAt}} with code <strong>{{submissionCode}}</strong>.</p>' +
        '<h3>Summary of your answers</h3>{{answersSummary}}<p><a href="{{recapUrl}}">View your application (read-only)</a></p><p>Thank you for applying.</p>',
    },
    fr: {
      subject: 'Candidature envoyée : {{callName}} ({{submissionCode}})',
      html:
        '<p>Bonjour {{recipientName}},</p><p>la candidature de <strong>{{organizationName}}</strong> à l’appel <strong>{{callName}}</strong> a été envoyée le {{submittedAt}} sous le code <strong>{{submissionCode}}</strong>.</p>' +
        '<h3>Résumé de vos réponses</h3>{{answersSummary}}<p><a href="{{recapUrl}}">Consulter la candidature (lecture seule)</a></p><p>Merci de votre participation.</p>',
    },
  },
  'submission-reopened': {
    it: {
      subject: 'Candidatura riaperta: {{callName}} ({{submissionCode}})',
      html:
        '<p>Gentile {{recipientName}},</p><p>la candidatura di <strong>{{organizationName}}</strong> al bando <strong>{{callName}}</strong> (codice {{submissionCode}}) è stata riaperta: puoi modificarla e inviarla di nuovo.</p>' +
        '<p><a href="{{resumeUrl}}">Riprendi la candidatura</a></p>',
    },
    en: {
      subject: 'Application reopened: {{callName}} ({{submissionCode}})',
      html:
        '<p>Dear {{recipientName}},</p><p>the application of <strong>{{organizationName}}</strong> to <strong>{{callName}}</strong> (code {{submissionCode}}) has been reopened: you can change it and submit it again.</p>' +
        '<p><a href="{{resumeUrl}}">Resume the application</a></p>',
    },
    fr: {
      subject: 'Candidature rouverte : {{callName}} ({{submissionCode}})',
      html:
        '<p>Bonjour {{recipientName}},</p><p>la candidature de <strong>{{organizationName}}</strong> à l’appel <strong>{{callName}}</strong> (code {{submissionCode}}) a été rouverte : vous pouvez la modifier et l’envoyer à nouveau.</p>' +
        '<p><a href="{{resumeUrl}}">Reprendre la candidature</a></p>',
    },
  },
  'deadline-reminder': {
    it: {
      subject: 'Promemoria: {{callName}} chiude tra {{daysLeft}} giorni',
      html:
        '<p>Gentile {{recipientName}},</p><p>la candidatura di <strong>{{organizationName}}</strong> al bando <strong>{{callName}}</strong> non è ancora stata inviata. Il bando chiude il {{closingAt}}.</p>' +
        '<p><a href="{{resumeUrl}}">Riprendi la candidatura</a></p>',
    },
    en: {
      subject: 'Reminder: {{callName}} closes in {{daysLeft}} days',
      html:
        '<p>Dear {{recipientName}},</p><p>the application of <strong>{{organizationName}}</strong> to <strong>{{callName}}</strong> has not been submitted yet. The call closes on {{closingAt}}.</p>' +
        '<p><a href="{{resumeUrl}}">Resume the application</a></p>',
    },
    fr: {
      subject: 'Rappel : {{callName}} ferme dans {{daysLeft}} jours',
      html:
        '<p>Bonjour {{recipientName}},</p><p>la candidature de <strong>{{organizationName}}</strong> à l’appel <strong>{{callName}}</strong> n’a pas encore été envoyée. L’appel ferme le {{closingAt}}.</p>' +
        '<p><a href="{{resumeUrl}}">Reprendre la candidature</a></p>',
    },
  },
  'review-assignments': {
    it: {
      subject: 'Candidature da valutare: {{callName}}',
      html:
        '<p>Gentile {{recipientName}},</p><p>ti sono state assegnate nuove candidature al bando <strong>{{callName}}</strong> da valutare: <strong>{{count}}</strong>.</p>' +
        '<p><a href="{{workspaceUrl}}">Apri lo spazio di valutazione</a></p><p>Grazie per il tuo tempo e la tua cura.</p>',
    },
    en: {
      subject: 'Applications to review: {{callName}}',
      html:
        '<p>Dear {{recipientName}},</p><p>new applications to <strong>{{callName}}</strong> are waiting for your review: <strong>{{count}}</strong> assigned to you.</p>' +
        '<p><a href="{{workspaceUrl}}">Open your review workspace</a></p><p>Thank you for your time and care.</p>',
    },
    fr: {
      subject: 'Candidatures à évaluer : {{callName}}',
      html:
        '<p>Bonjour {{recipientName}},</p><p>de nouvelles candidatures à l’appel <strong>{{callName}}</strong> attendent votre évaluation : <strong>{{count}}</strong> vous sont confiées.</p>' +
        '<p><a href="{{workspaceUrl}}">Ouvrir votre espace d’évaluation</a></p><p>Merci pour votre temps et votre attention.</p>',
    },
  },
  'reviewer-invitation': {
    it: {
      subject: 'Invito a valutare: {{callName}}',
      html:
        '<p>Buongiorno,</p><p>ti invitiamo a far parte della commissione che valuta le candidature al bando <strong>{{callName}}</strong> su {{configurationName}}.</p>' +
        '<p>Accedi con questo indirizzo e-mail per aprire il tuo spazio di valutazione:</p><p><a href="{{workspaceUrl}}">Apri lo spazio di valutazione</a></p>' +
        '<p>Grazie per mettere a disposizione la tua esperienza.</p>',
    },
    en: {
      subject: 'Invitation to review: {{callName}}',
      html:
        '<p>Hello,</p><p>we would be glad to have you on the panel reviewing the applications to <strong>{{callName}}</strong> on {{configurationName}}.</p>' +
        '<p>Sign in with this e-mail address to open your review workspace:</p><p><a href="{{workspaceUrl}}">Open the review workspace</a></p>' +
        '<p>Thank you for lending us your expertise.</p>',
    },
    fr: {
      subject: 'Invitation à évaluer : {{callName}}',
      html:
        '<p>Bonjour,</p><p>nous serions heureux de vous compter parmi le comité qui évalue les candidatures à l’appel <strong>{{callName}}</strong> sur {{configurationName}}.</p>' +
        '<p>Connectez-vous avec cette adresse e-mail pour ouvrir votre espace d’évaluation :</p><p><a href="{{workspaceUrl}}">Ouvrir l’espace d’évaluation</a></p>' +
        '<p>Merci de nous faire profiter de votre expertise.</p>',
    },
  },
  'organization-invitation': {
    it: {
      subject: 'Invito a unirti a {{organizationName}} su {{configurationName}}',
      html:
        '<p>Buongiorno,</p><p>{{inviterName}} ti invita a far parte dell’organizzazione <strong>{{organizationName}}</strong> su {{configurationName}}, con il ruolo di <strong>{{role}}</strong>.</p>' +
        '<p>Accedi con questo indirizzo e-mail e accetta l’invito:</p><p><a href="{{acceptUrl}}">Accetta l’invito</a></p>' +
        '<p>L’invito vale fino al {{expiresAt}} e si può usare una sola volta. Se non te lo aspettavi, ignora questo messaggio.</p>',
    },
    en: {
      subject: 'Join {{organizationName}} on {{configurationName}}',
      html:
        '<p>Hello,</p><p>{{inviterName}} invites you to join the organization <strong>{{organizationName}}</strong> on {{configurationName}} as <strong>{{role}}</strong>.</p>' +
        '<p>Sign in with this e-mail address and accept the invitation:</p><p><a href="{{acceptUrl}}">Accept the invitation</a></p>' +
        '<p>The invitation is valid until {{expiresAt}} and can be used once. If you did not expect it, ignore this message.</p>',
    },
    fr: {
      subject: 'Rejoignez {{organizationName}} sur {{configurationName}}',
      html:
        '<p>Bonjour,</p><p>{{inviterName}} vous invite à rejoindre l’organisation <strong>{{organizationName}}</strong> sur {{configurationName}} en tant que <strong>{{role}}</strong>.</p>' +
        '<p>Connectez-vous avec cette adresse e-mail et acceptez l’invitation :</p><p><a href="{{acceptUrl}}">Accepter l’invitation</a></p>' +
        '<p>L’invitation est valable jusqu’au {{expiresAt}} et ne peut servir qu’une fois. Si vous ne l’attendiez pas, ignorez ce message.</p>',
    },
  },
  'decision-shortlisted': {
    it: {
      subject: 'La candidatura a {{callName}} è nella rosa dei selezionati ({{submissionCode}})',
      html:
        '<p>Gentile {{recipientName}},</p><p>buone notizie: la candidatura di <strong>{{organizationName}}</strong> al bando <strong>{{callName}}</strong> (codice {{submissionCode}}) è entrata nella rosa dei selezionati. Ti contatteremo presto per i prossimi passi.</p>' +
        '{{reviewerComments}}<p><a href="{{recapUrl}}">Consulta la candidatura</a></p><p>Grazie per aver partecipato.</p>',
    },
    en: {
      subject: 'Your application to {{callName}} is shortlisted ({{submissionCode}})',
      html:
        '<p>Dear {{recipientName}},</p><p>good news: the application of <strong>{{organizationName}}</strong> to <strong>{{callName}}</strong> (code {{submissionCode}}) has been shortlisted. We will be in touch soon about the next steps.</p>' +
        '{{reviewerComments}}<p><a href="{{recapUrl}}">View your application</a></p><p>Thank you for applying.</p>',
    },
    fr: {
      subject: 'Votre candidature à {{callName}} est présélectionnée ({{submissionCode}})',
      html:
        '<p>Bonjour {{recipientName}},</p><p>bonne nouvelle : la candidature de <strong>{{organizationName}}</strong> à l’appel <strong>{{callName}}</strong> (code {{submissionCode}}) a été présélectionnée. Nous vous recontacterons bientôt pour la suite.</p>' +
        '{{reviewerComments}}<p><a href="{{recapUrl}}">Consulter la candidature</a></p><p>Merci de votre participation.</p>',
    },
  },
  'decision-approved': {
    it: {
      subject: 'Candidatura approvata: {{callName}} ({{submissionCode}})',
      html:
        '<p>Gentile {{recipientName}},</p><p>congratulazioni! La candidatura di <strong>{{organizationName}}</strong> al bando <strong>{{callName}}</strong> (codice {{submissionCode}}) è stata approvata. Ti scriveremo presto con i prossimi passi.</p>' +
        '{{reviewerComments}}<p><a href="{{recapUrl}}">Consulta la candidatura</a></p><p>Non vediamo l’ora di lavorare insieme.</p>',
    },
    en: {
      subject: 'Your application to {{callName}} is approved ({{submissionCode}})',
      html:
        '<p>Dear {{recipientName}},</p><p>congratulations! The application of <strong>{{organizationName}}</strong> to <strong>{{callName}}</strong> (code {{submissionCode}}) has been approved. We will write to you soon with the next steps.</p>' +
        '{{reviewerComments}}<p><a href="{{recapUrl}}">View your application</a></p><p>We look forward to working with you.</p>',
    },
    fr: {
      subject: 'Votre candidature à {{callName}} est retenue ({{submissionCode}})',
      html:
        '<p>Bonjour {{recipientName}},</p><p>félicitations ! La candidature de <strong>{{organizationName}}</strong> à l’appel <strong>{{callName}}</strong> (code {{submissionCode}}) a été retenue. Nous vous écrirons bientôt pour les prochaines étapes.</p>' +
        '{{reviewerComments}}<p><a href="{{recapUrl}}">Consulter la candidature</a></p><p>Au plaisir de travailler avec vous.</p>',
    },
  },
  'decision-rejected': {
    it: {
      subject: 'Esito della candidatura a {{callName}} ({{submissionCode}})',
      html:
        '<p>Gentile {{recipientName}},</p><p>grazie per la candidatura di <strong>{{organizationName}}</strong> al bando <strong>{{callName}}</strong> (codice {{submissionCode}}). Dopo un’attenta valutazione, ci dispiace comunicarti che questa volta non è stata selezionata.</p>' +
        '{{reviewerComments}}<p><a href="{{recapUrl}}">Consulta la candidatura</a></p><p>Ti ringraziamo per l’impegno che vi hai dedicato e speriamo di ricevere presto una tua nuova proposta.</p>',
    },
    en: {
      subject: 'The outcome of your application to {{callName}} ({{submissionCode}})',
      html:
        '<p>Dear {{recipientName}},</p><p>thank you for the application of <strong>{{organizationName}}</strong> to <strong>{{callName}}</strong> (code {{submissionCode}}). After careful review, we are sorry to tell you that it was not selected this time.</p>' +
        '{{reviewerComments}}<p><a href="{{recapUrl}}">View your application</a></p><p>We are grateful for the work you put into it and hope to hear from you again.</p>',
    },
    fr: {
      subject: 'Le résultat de votre candidature à {{callName}} ({{submissionCode}})',
      html:
        '<p>Bonjour {{recipientName}},</p><p>merci pour la candidature de <strong>{{organizationName}}</strong> à l’appel <strong>{{callName}}</strong> (code {{submissionCode}}). Après un examen attentif, nous avons le regret de vous informer qu’elle n’a pas été retenue cette fois-ci.</p>' +
        '{{reviewerComments}}<p><a href="{{recapUrl}}">Consulter la candidature</a></p><p>Merci pour le travail que vous y avez consacré ; nous espérons vous relire bientôt.</p>',
    },
  },
  'decision-waiting-list': {
    it: {
      subject: 'Candidatura in lista d’attesa: {{callName}} ({{submissionCode}})',
      html:
        '<p>Gentile {{recipientName}},</p><p>la candidatura di <strong>{{organizationName}}</strong> al bando <strong>{{callName}}</strong> (codice {{submissionCode}}) è stata inserita in lista d’attesa: se si renderanno disponibili altri fondi, ti contatteremo.</p>' +
        '{{reviewerComments}}<p><a href="{{recapUrl}}">Consulta la candidatura</a></p><p>Grazie per la pazienza.</p>',
    },
    en: {
      subject: 'Your application to {{callName}} is on the waiting list ({{submissionCode}})',
      html:
        '<p>Dear {{recipientName}},</p><p>the application of <strong>{{organizationName}}</strong> to <strong>{{callName}}</strong> (code {{submissionCode}}) has been placed on the waiting list: should more funds become available, we will contact you.</p>' +
        '{{reviewerComments}}<p><a href="{{recapUrl}}">View your application</a></p><p>Thank you for your patience.</p>',
    },
    fr: {
      subject: 'Votre candidature à {{callName}} est sur liste d’attente ({{submissionCode}})',
      html:
        '<p>Bonjour {{recipientName}},</p><p>la candidature de <strong>{{organizationName}}</strong> à l’appel <strong>{{callName}}</strong> (code {{submissionCode}}) a été placée sur liste d’attente : si d’autres fonds se libèrent, nous vous contacterons.</p>' +
        '{{reviewerComments}}<p><a href="{{recapUrl}}">Consulter la candidature</a></p><p>Merci de votre patience.</p>',
    },
  },
};

/**
 * An organization invitation's placeholders from the values queued with it: the role named and the validity written in
 * the message's language, the accept link under the public URL (the applicant app's /invitation/<token> page).
 */
export function organizationInvitationValues(language: Language, publicUrl: string, params: unknown): Record<string, string> {
  const p = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  const text = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
  const role = text('role');
  return {
    organizationName: text('organizationName'),
    inviterName: text('inviterName'),
    role: role ? translate(language, `team.role.${role}`) : '',
    acceptUrl: `${publicUrl}/invitation/${encodeURIComponent(text('token'))}`,
    expiresAt: formatDate(language, text('expiresAt') || null),
  };
}

/** The reviewers' comments for the applicant as a decision shows them: a heading and a list, escaped; nothing without comments. */
export function reviewerCommentsHtml(language: Language, comments: readonly string[]): string {
  const items = comments.map((c) => c.trim()).filter(Boolean);
  if (!items.length) return '';
  const heading = escapeHtml(translate(language, 'messages.review.comments-heading'));
  return `<p><strong>${heading}</strong></p><ul>${items.map((c) => `<li>${escapeHtml(c).replace(/\r?\n/g, '<br>')}</li>`).join('')}</ul>`;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]*)\s*\}\}/g;

export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/** Refuses (400, naming the field) a placeholder the kind does not have, or an HTML-valued one in a subject. */
export function checkPlaceholders(kind: MessageKind, fields: Record<string, string>): void {
  const allowed = new Set(PLACEHOLDERS[kind]);
  for (const [field, text] of Object.entries(fields)) {
    for (const name of placeholdersIn(text)) {
      if (!allowed.has(name) || (field === 'subject' && HTML_VALUES.has(name)))
        throw badRequest('pages.admin.messages.unknown-placeholder', `Unknown placeholder {{${name}}} in ${field}`, {
          errors: { [field]: `unknown placeholder {{${name}}}` },
          placeholder: name,
        });
    }
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Placeholders replaced: HTML-escaped in HTML (but the product's own HTML values), as they are in text. */
export function fill(text: string, values: Record<string, string>, html: boolean): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const v = values[name] ?? '';
    return html && !HTML_VALUES.has(name) ? escapeHtml(v) : v;
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The plain-text part of an HTML message: paragraphs, line breaks, list items and links kept readable. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|script|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<img[^>]*alt="([^"]*)"[^>]*>/gi, '$1')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return text && text !== href ? `${text} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|table|tr|blockquote)>/gi, '\n\n')
    .replace(/<\/(td|th)>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+|#39);/gi, (m, e: string) => {
      if (ENTITIES[e]) return ENTITIES[e];
      if (/^#x/i.test(e)) return String.fromCodePoint(parseInt(e.slice(2), 16));
      if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
      return m;
    })
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface Branding {
  name: string;
  /** A data URL (PNG/JPEG/GIF/WebP); sent as an inline (cid) image over SMTP. */
  logo: string | null;
  logoWidth: number;
  logoHeight: number;
}

/** The branded layout around a message body (tables and inline styles: what mail programs render). */
export function layout(language: Language, subject: string, body: string, brand: Branding): string {
  const logo = brand.logo
    ? `<img src="${escapeHtml(brand.logo)}" alt="${escapeHtml(brand.name)}" width="${brand.logoWidth}" height="${brand.logoHeight}" style="display:block;border:0;max-width:200px;height:auto">`
    : '';
  const footer = escapeHtml(translate(language, 'messages.layout.footer', { name: brand.name }));
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>` +
    '<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">' +
    `<tr><td style="padding:24px 24px 0">${logo}<div style="font-size:18px;font-weight:bold;margin-top:8px">${escapeHtml(brand.name)}</div></td></tr>` +
    `<tr><td style="padding:16px 24px 24px;font-size:15px;line-height:1.5">${body}</td></tr>` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;color:#6b7280;font-size:12px">${footer}</td></tr>` +
    '</table></td></tr></table></body></html>'
  );
}

/** A date and time as the apps and PDFs write it, in UTC named beside it: the product does not know a recipient's time zone. */
export function formatDate(language: Language, date: Date | string | null | undefined): string {
  return date ? formatDateTimeWithZone(date, language, DEFAULT_TIME_ZONE) : '';
}

export function asLanguage(value: string | null | undefined, fallback: Language): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : fallback;
}

export function render(language: Language, template: TemplateText, values: Record<string, string>, brand: Branding) {
  const subject = fill(template.subject, values, false)
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 500);
  const body = fill(template.html, values, true);
  return {
    subject,
    html: layout(language, subject, body, brand),
    text: `${htmlToText(body)}\n\n-- \n${translate(language, 'messages.layout.footer', { name: brand.name })}`,
  };
}
