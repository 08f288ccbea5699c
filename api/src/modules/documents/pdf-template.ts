import {
  DEFAULT_TIME_ZONE,
  formatDateTimeWithZone,
  formatDecimal,
  formatQuizScore,
  formatEuro,
  formatFileSize,
  translate,
  type Language,
} from '@impact-calls/domain';
import type { PdfExportDto, PdfMiniDyiDto, PdfSdgDto, PdfSectionDto } from './dto/documents.dto.js';

/** Text for HTML: every character that could start markup or leave an attribute escaped. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`=]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const e = escapeHtml;

/** A data: URL of a raster image, or undefined (the configuration stores PNG/JPEG/GIF/WebP as data URLs). */
function safeImageDataUrl(value: string | null): string | undefined {
  return value && /^data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i.test(value) ? value.replace(/\s/g, '') : undefined;
}

/** The product's own logo (the apps' DefaultLogo), drawn inline: no request. */
const DEFAULT_LOGO = (label: string) => `<svg role="img" aria-label="${e(label)}" width="50" height="50" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="#ffffff" stroke="#d0d7de"/><circle cx="32" cy="32" r="19" fill="none" stroke="#1b5e7a" stroke-width="5"/>
<path d="M32 13v8M32 43v8M13 32h8M43 32h8" stroke="#1b5e7a" stroke-width="4" stroke-linecap="round"/><circle cx="32" cy="32" r="7" fill="#e08a00"/></svg>`;

/** The page may load nothing but inline data (the renderer refuses requests too: this is the second lock). */
const CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

const STYLE = `
@page { size: A4; }
* { box-sizing: border-box; }
html { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10pt; color: #1a1a1a; line-height: 1.4; }
body { margin: 0; }
header.doc { display: flex; gap: 14px; align-items: center; border-bottom: 2px solid #1b5e7a; padding-bottom: 10px; margin-bottom: 14px; }
header.doc h1 { font-size: 17pt; margin: 0 0 2px; color: #1b5e7a; }
header.doc .sub { color: #444; }
h2 { font-size: 13pt; color: #1b5e7a; margin: 18px 0 6px; border-bottom: 1px solid #d0d7de; padding-bottom: 3px; break-after: avoid; }
h3 { font-size: 11pt; margin: 12px 0 4px; break-after: avoid; }
.kind { font-weight: normal; color: #666; font-size: 9pt; }
dl.facts { display: grid; grid-template-columns: 38% 62%; margin: 0; }
dl.facts dt { color: #555; padding: 2px 8px 2px 0; }
dl.facts dd { margin: 0; padding: 2px 0; overflow-wrap: anywhere; }
.cols { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
section.step { break-inside: auto; }
.entry { padding: 5px 0; border-bottom: 1px solid #eee; break-inside: avoid; }
.entry.long { break-inside: auto; orphans: 3; widows: 3; }
.entry .q { font-weight: bold; }
.entry .a { white-space: pre-wrap; overflow-wrap: anywhere; margin-top: 2px; }
.entry .d { color: #555; font-size: 9pt; }
.none { color: #777; font-style: italic; }
.html { overflow-wrap: anywhere; }
.html img { max-width: 100%; }
.score { margin-top: 6px; font-weight: bold; }
table { width: 100%; border-collapse: collapse; margin: 4px 0 8px; font-size: 9pt; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th, td { text-align: left; border-bottom: 1px solid #ddd; padding: 3px 4px; vertical-align: top; overflow-wrap: anywhere; }
th { background: #f1f4f6; }
td.num, th.num { text-align: right; white-space: nowrap; }
.sdgs { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0 8px; }
.sdg { display: inline-flex; align-items: center; gap: 6px; border-radius: 4px; padding: 4px 8px; font-weight: bold; font-size: 9pt;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.sdg .n { font-size: 12pt; }
.outcome { break-inside: avoid; margin: 8px 0; }
.outcome .meta { color: #444; }
.warn { color: #8a3b00; font-weight: bold; }
.sroi { border: 1px solid #d0d7de; border-radius: 4px; padding: 6px 10px; break-inside: avoid; background: #f7fafc; }
.sroi .ratio { font-size: 14pt; font-weight: bold; color: #1b5e7a; }
`;

function fact(label: string, value: string | undefined | null): string {
  return `<dt>${e(label)}</dt><dd>${value ? e(value) : '<span class="none">—</span>'}</dd>`;
}

function sdgChip(s: PdfSdgDto): string {
  return `<span class="sdg" style="background:${e(s.colour)};color:${e(s.textColour)}"><span class="n">${s.code}</span>${e(s.name)}</span>`;
}

function miniDyiHtml(m: PdfMiniDyiDto, language: Language): string {
  const L = (key: string, vars?: Record<string, string | number>) => translate(language, `documents.minidyi.${key}`, vars);
  const money = (v: number | null) => (v === null ? '—' : formatEuro(v, language));
  const num = (v: number | null) => (v === null ? '—' : formatDecimal(v, language));
  const outcomes = m.outcomes
    .map(
      (o) => `<div class="outcome">
  <h3>${e(o.name)}${o.custom ? ` <span class="kind">(${e(L('custom'))})</span>` : ''}</h3>
  <div class="meta">${o.sdg ? sdgChip(o.sdg) : ''} ${e(L('stakeholder'))}: ${o.stakeholder ? e(o.stakeholder) : '—'}</div>
  ${
    o.indicators.length
      ? `<table><thead><tr><th>${e(L('indicator'))}</th><th class="num">${e(L('target', { years: m.sroi.years }))}</th><th>${e(L('proxy'))}</th>
<th class="num">${e(L('proxy-value'))}</th><th class="num">${e(L('value'))}</th></tr></thead><tbody>
${o.indicators
  .map(
    (i) =>
      `<tr><td>${e(i.name)}</td><td class="num">${num(i.target)}</td><td>${e(i.proxyName) || '—'}</td><td class="num">${money(i.proxyValue)}</td><td class="num">${money(i.value)}</td></tr>`,
  )
  .join('\n')}</tbody></table>`
      : `<p class="none">${e(L('no-indicators'))}</p>`
  }
</div>`,
    )
    .join('\n');
  const years = m.sroi.yearValues.map((v, i) => fact(L('year', { n: i + 1 }), formatEuro(v, language))).join('');
  return `<div class="minidyi">
<dl class="facts">${fact(L('budget'), m.budget === null ? null : formatEuro(m.budget, language))}${
    m.budgetSpent !== null ? fact(L('budget-spent'), formatEuro(m.budgetSpent, language)) : ''
  }</dl>
<h3>${e(L('sdgs'))}</h3>
${m.sdgs.length ? `<div class="sdgs">${m.sdgs.map(sdgChip).join('')}</div>` : '<p class="none">—</p>'}
<h3>${e(L('outcomes'))}</h3>
${outcomes || `<p class="none">${e(L('none'))}</p>`}
<div class="sroi">
  <div>${e(L('sroi'))}: <span class="ratio">${m.sroi.ratio ? e(m.sroi.ratio) : e(L('sroi-none'))}</span></div>
  <dl class="facts">${fact(L('annual-value'), formatEuro(m.sroi.annualValue, language))}${years}${fact(
    L('present-value', { years: m.sroi.years }),
    formatEuro(m.sroi.presentValue, language),
  )}</dl>
  ${m.sroi.overThreshold ? `<p class="warn">${e(L('over-threshold'))}</p>` : ''}
</div>
</div>`;
}

function sectionHtml(s: PdfSectionDto, doc: PdfExportDto, language: Language): string {
  const L = (key: string) => translate(language, `documents.pdf.${key}`);
  const kindLabel = translate(language, `pages.admin.steps.kinds.${s.kind}`);
  const head = `<h2>${s.number}. ${e(s.title)} <span class="kind">· ${e(kindLabel.startsWith('pages.') ? s.kind : kindLabel)}</span></h2>`;
  const parts: string[] = [];
  if (s.html) parts.push(`<div class="html">${s.html}</div>`);
  if (s.kind === 'miniDyi') {
    const m = doc.miniDyi.find((x) => x.stepId === s.stepId);
    if (m) parts.push(miniDyiHtml(m, language));
  }
  for (const entry of s.entries) {
    const long = entry.value.length > 600;
    parts.push(`<div class="entry${long ? ' long' : ''}"><div class="q">${e(entry.label)}</div>
<div class="a">${entry.answered ? e(entry.value) : `<span class="none">${e(s.kind === 'upload' ? L('slot-empty') : translate(language, 'documents.answer.not-answered'))}</span>`}</div>
${entry.detail ? `<div class="d">${e(entry.detail)}</div>` : ''}</div>`);
  }
  if (s.kind === 'quiz') {
    const score = s.score !== null ? formatQuizScore(s.score, language) : e(L(doc.closed ? 'results-none' : 'quiz-score-pending'));
    parts.push(`<p class="score">${e(L('quiz-score'))}: ${score}</p>`);
  }
  if (!parts.length) parts.push(`<p class="none">${e(L('no-answer'))}</p>`);
  return `<section class="step">${head}\n${parts.join('\n')}</section>`;
}

/** The whole document, every answer escaped; its dates in `timeZone` (the reader's when asked), the zone named beside each. */
export function submissionHtml(doc: PdfExportDto, timeZone = DEFAULT_TIME_ZONE, now = new Date()): string {
  const language = doc.language;
  const L = (key: string, vars?: Record<string, string | number>) => translate(language, `documents.pdf.${key}`, vars);
  const logo = safeImageDataUrl(doc.configLogo.dataUrl);
  const o = doc.organisation;
  const r = doc.referent;
  const address = [o.streetName, o.cityName].filter(Boolean).join(', ');
  const attachments = doc.attachments.length
    ? `<table><thead><tr><th>${e(translate(language, 'documents.dossier.slot'))}</th><th>${e(L('file'))}</th><th class="num">${e(
        L('size'),
      )}</th><th>${e(L('description'))}</th></tr></thead><tbody>${doc.attachments
        .map(
          (a) =>
            `<tr><td>${e(a.slot)}</td><td>${e(a.fileName)}</td><td class="num">${e(formatFileSize(a.size, language))}</td><td>${e(a.description)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : `<p class="none">${e(L('attachments-none'))}</p>`;
  return `<!DOCTYPE html>
<html lang="${e(language)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>${e(L('title'))} ${e(doc.submissionCode)}</title>
<style>${STYLE}</style></head>
<body>
<header class="doc">
  ${
    logo
      ? `<img src="${e(logo)}" alt="${e(doc.configLogo.name || L('logo'))}" width="${Math.round(doc.configLogo.width) || 50}" height="${Math.round(doc.configLogo.height) || 50}">`
      : DEFAULT_LOGO(doc.configLogo.name || L('logo'))
  }
  <div><h1>${e(doc.callName)}</h1>
  <div class="sub">${e(L('title'))} ${e(doc.submissionCode)} · ${e(doc.closed ? L('status-closed') : L('status-open'))}</div></div>
</header>
<dl class="facts">
${fact(L('call'), doc.callName)}
${fact(L('code'), doc.submissionCode)}
${fact(L('submitted-by'), doc.submittedBy)}
${fact(L('opened-at'), formatDateTimeWithZone(doc.openedAt, language, timeZone))}
${fact(L('submitted-at'), doc.submissionDateTime ? formatDateTimeWithZone(doc.submissionDateTime, language, timeZone) : null)}
${fact(L('status'), doc.closed ? L('status-closed') : L('status-open'))}
</dl>
<div class="cols">
<div><h2>${e(L('organisation'))}</h2><dl class="facts">
${fact(L('name'), o.name)}${fact(L('reg-number'), o.regNumber)}${fact(L('address'), address)}${fact(L('country'), o.country)}${fact(
    L('founded'),
    o.dateOfFoundation,
  )}</dl></div>
<div><h2>${e(L('referent'))}</h2><dl class="facts">
${fact(L('contact'), `${r.name} ${r.surname}`.trim())}${fact(L('role'), r.role)}${fact(L('email'), r.email)}</dl></div>
</div>
<h2 style="border:0;margin-top:22px;font-size:15pt">${e(L('steps'))}</h2>
${doc.sectionsForPDF.map((s) => sectionHtml(s, doc, language)).join('\n')}
<h2>${e(L('attachments'))}</h2>
${attachments}
<p class="none" style="margin-top:16px;font-size:8pt">${e(L('generated', { date: formatDateTimeWithZone(now, language, timeZone) }))}</p>
</body></html>`;
}

/** Chromium's footer: code and "Page n of N" in the language (pageNumber/totalPages are filled in by Chromium). */
export function footerHtml(doc: PdfExportDto): string {
  const page = translate(doc.language, 'documents.pdf.page', { page: '\u0000P', pages: '\u0000T' });
  const text = e(page).replace('\u0000P', '<span class="pageNumber"></span>').replace('\u0000T', '<span class="totalPages"></span>');
  return `<div style="font-family:Arial,sans-serif;font-size:8px;color:#555;width:100%;padding:0 20mm;display:flex;justify-content:space-between">
<span>${e(doc.callName)} · ${e(doc.submissionCode)}</span><span>${text}</span></div>`;
}
