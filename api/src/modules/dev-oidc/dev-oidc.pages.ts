import { DEFAULT_LANGUAGE, LANGUAGES, translate, type Language } from '@impact-calls/domain';
import type { DevSignInProblem } from './dev-oidc-accounts.service.js';

/** The embedded provider's pages: plain HTML and CSS, working under the product's CSP (scripts only from /oidc/assets). */

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The first language of `ui_locales` (space separated, e.g. "fr-CA en") the product speaks. */
export function pickLanguage(uiLocales: unknown): Language {
  if (typeof uiLocales === 'string') {
    for (const tag of uiLocales.split(/\s+/)) {
      const primary = tag.split('-')[0]?.toLowerCase();
      if ((LANGUAGES as readonly string[]).includes(primary)) return primary as Language;
    }
  }
  return DEFAULT_LANGUAGE;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;background:#f5f7f9;color:#1d2731;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5}
main{width:100%;max-width:28rem;margin:3rem 1rem;padding:2rem;background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{margin:0 0 .5rem;font-size:1.75rem;color:#1b5e7a}
p{margin:.5rem 0}
.notice{padding:.5rem .75rem;border-left:4px solid #b85c00;background:#fff6ec;font-size:.9rem}
.error{padding:.5rem .75rem;border-left:4px solid #b3261e;background:#fdecea;color:#8c1d18;font-weight:600}
label{display:block;margin-top:1rem;font-weight:600}
.hint{font-weight:400;color:#4a5763;font-size:.875rem}
input{display:block;width:100%;margin-top:.25rem;padding:.6rem .75rem;font:inherit;border:1px solid #6b7885;border-radius:8px}
input[aria-invalid=true]{border-color:#b3261e}
button{margin-top:1.5rem;width:100%;padding:.7rem 1rem;font:inherit;font-weight:600;border:0;border-radius:8px;background:#1b5e7a;color:#fff;cursor:pointer}
button.secondary{margin-top:.75rem;background:transparent;color:#1b5e7a;border:1px solid #1b5e7a}
:focus-visible{outline:3px solid #f2a541;outline-offset:2px}
a{color:#1b5e7a}
`;

function layout(lang: Language, title: string, body: string, extraHead = ''): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(translate(lang, 'app.name'))}</title>
<style>${STYLE}</style>
${extraHead}
</head>
<body>
<main aria-labelledby="title">
${body}
</main>
</body>
</html>`;
}

export interface SignInPageOptions {
  lang: Language;
  action: string;
  abortAction: string;
  /** Registration requested (prompt=create). */
  create: boolean;
  problem?: DevSignInProblem | 'too-many';
  values?: { email?: string; firstName?: string; lastName?: string };
}

export function signInPage(o: SignInPageOptions): string {
  const t = (key: string) => escapeHtml(translate(o.lang, `dev-oidc.${key}`));
  const v = o.values ?? {};
  const error = o.problem ? `<p class="error" role="alert" id="form-error">${t(`errors.${o.problem}`)}</p>` : '';
  const invalid = (field: 'email' | 'names') =>
    o.problem === field || (field === 'names' && o.problem === 'too-long') ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  return layout(
    o.lang,
    translate(o.lang, o.create ? 'dev-oidc.register-title' : 'dev-oidc.title'),
    `<h1 id="title">${t(o.create ? 'register-title' : 'title')}</h1>
<p class="notice">${t('notice')}</p>
<p>${t('intro')}</p>
${error}
<form method="post" action="${escapeHtml(o.action)}">
<label for="email">${t('email')}</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="320" autofocus value="${escapeHtml(v.email)}"${invalid('email')}>
<label for="firstName">${t('first-name')} <span class="hint">${t('optional')}</span></label>
<input id="firstName" name="firstName" type="text" autocomplete="given-name" maxlength="200" value="${escapeHtml(v.firstName)}"${invalid('names')}>
<label for="lastName">${t('last-name')} <span class="hint">${t('optional')}</span></label>
<input id="lastName" name="lastName" type="text" autocomplete="family-name" maxlength="200" value="${escapeHtml(v.lastName)}"${invalid('names')}>
<button type="submit">${t('submit')}</button>
</form>
<form method="post" action="${escapeHtml(o.abortAction)}">
<button type="submit" class="secondary">${t('cancel')}</button>
</form>`,
  );
}

/** RP-initiated logout: the provider's confirmation form, submitted by /oidc/assets/logout.js. */
export function logoutPage(lang: Language, form: string, scriptSrc: string): string {
  const t = (key: string) => escapeHtml(translate(lang, `dev-oidc.${key}`));
  return layout(
    lang,
    translate(lang, 'dev-oidc.signing-out'),
    `<h1 id="title">${t('signing-out')}</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="logout-button">${t('sign-out')}</button>`,
    `<script src="${escapeHtml(scriptSrc)}" defer></script>`,
  );
}

export function messagePage(lang: Language, titleKey: string, message: string, homeUrl: string): string {
  const title = translate(lang, titleKey);
  return layout(
    lang,
    title,
    `<h1 id="title">${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(homeUrl)}">${escapeHtml(translate(lang, 'dev-oidc.back'))}</a></p>`,
  );
}

/** Submits the logout confirmation form: the product asked for the sign-out. */
export const LOGOUT_SCRIPT = `document.getElementById('logout-button').click();\n`;
