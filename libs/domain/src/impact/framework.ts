import { translate } from '../i18n/index.js';
import { isSdgCode } from './sdg.js';

/**
 * Impact frameworks: the shape an administrator uploads (one Excel sheet, one row per
 * outcome-indicator-proxy line, a stakeholder list in the last two columns) and the rules
 * that turn its rows into a framework (spec section 5, docs/design/impact.md). Pure: the
 * API reads the cells with exceljs (after its hostile-file guards) and hands them over here.
 */
export const FRAMEWORK_COLUMNS = [
  'outcome',
  'descrizioneOutcome',
  'sdgNumero',
  'indicatore',
  'descrizioneIndicatore',
  'proxy',
  'valoreproxy',
  'fonteproxy',
  'stakeholder',
  'descrizioneStakeholder',
] as const;
export type FrameworkColumn = (typeof FRAMEWORK_COLUMNS)[number];

export const FRAMEWORK_TEXT_LIMITS = { name: 500, description: 4000, sourceName: 500, sourceUrl: 2000 } as const;
/** Issues reported at most; past that the list ends with a "more problems" line. */
export const FRAMEWORK_MAX_ISSUES = 200;

/**
 * Limits of the Excel import, checked before the workbook is parsed (docs/decisions/impact.md).
 * `maxRows` counts the data rows the sheet really holds, whatever its declared range says.
 */
export const FRAMEWORK_IMPORT_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxZipEntries: 200,
  maxUncompressedBytes: 60 * 1024 * 1024,
  maxCompressionRatio: 200,
  maxRows: 20_000,
  maxColumns: 50,
  maxCells: 400_000,
  parseTimeoutMs: 20_000,
} as const;

export interface ProxyInput {
  name: string;
  defaultValue: number;
  sourceName: string;
  sourceUrl: string;
}
export interface IndicatorInput {
  name: string;
  description: string;
  proxies: ProxyInput[];
}
export interface OutcomeInput {
  name: string;
  description: string;
  sdg: number;
  indicators: IndicatorInput[];
}
export interface StakeholderInput {
  name: string;
  description: string;
}
/** A framework's lists, as the Excel gives them and AddImpactFrameworkSet takes them. */
export interface FrameworkContent {
  stakeholders: StakeholderInput[];
  outcomes: OutcomeInput[];
}

/** One cell as the importer read it. Formulas are reported, never evaluated. */
export type SheetCell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'link'; text: string; url: string }
  | { kind: 'formula'; formula: string }
  | { kind: 'other'; type: string };

export interface SheetRow {
  /** 1-based, as Excel shows it. */
  row: number;
  /** 0-based by column (A = 0). */
  cells: SheetCell[];
}

export interface FrameworkSheet {
  name: string;
  rows: SheetRow[];
}

export interface FrameworkIssue {
  key: string;
  params: Record<string, string | number>;
  /** English text, location first: "Sheet “Framework”, row 12, column D (indicatore): ...". */
  message: string;
  sheet?: string;
  row?: number;
  /** Letter and header: "D (indicatore)". */
  column?: string;
  /** For JSON input: "outcomes[2].indicators[0].proxies". */
  path?: string;
}

export interface FrameworkParseResult {
  content: FrameworkContent;
  issues: FrameworkIssue[];
  /** True when more issues were found than FRAMEWORK_MAX_ISSUES. */
  truncated: boolean;
}

export const FRAMEWORK_LIST_KEYS = {
  stakeholders: 'pages.admin.errorStakeholders',
  indicators: 'pages.admin.errorIndicators',
  outcomes: 'pages.admin.errorOutcomes',
  proxies: 'pages.admin.errorProxies',
} as const;

const X = 'errors.impact.';

export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** The location part of an issue's message, in a language. */
export function frameworkIssueLocation(
  issue: Pick<FrameworkIssue, 'sheet' | 'row' | 'column' | 'path'>,
  language: 'it' | 'en' | 'fr' = 'en',
): string {
  if (issue.path) return translate(language, `${X}location-path`, { path: issue.path });
  if (issue.sheet === undefined) return '';
  if (issue.row !== undefined && issue.column)
    return translate(language, `${X}location-cell`, { sheet: issue.sheet, row: issue.row, column: issue.column });
  if (issue.row !== undefined) return translate(language, `${X}location-row`, { sheet: issue.sheet, row: issue.row });
  if (issue.column) return translate(language, `${X}location-column`, { sheet: issue.sheet, column: issue.column });
  return translate(language, `${X}location-sheet`, { sheet: issue.sheet });
}

/** The whole message of an issue in a language: "location: text". */
export function frameworkIssueText(issue: Omit<FrameworkIssue, 'message'>, language: 'it' | 'en' | 'fr' = 'en'): string {
  const where = frameworkIssueLocation(issue, language);
  const what = translate(language, issue.key, issue.params);
  return where ? `${where}: ${what}` : what;
}

class Issues {
  readonly list: FrameworkIssue[] = [];
  truncated = false;

  add(key: string, params: Record<string, string | number>, at: Omit<FrameworkIssue, 'key' | 'params' | 'message'> = {}): void {
    if (this.list.length >= FRAMEWORK_MAX_ISSUES) {
      this.truncated = true;
      return;
    }
    const issue = { key, params, ...at };
    this.list.push({ ...issue, message: frameworkIssueText(issue) });
  }
}

const normalizeHeader = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s_\-.]/g, '')
    .toLowerCase();
const identity = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

function cellAsHeader(c: SheetCell | undefined): string {
  if (!c) return '';
  if (c.kind === 'text' || c.kind === 'link') return c.text;
  if (c.kind === 'number') return String(c.value);
  return '';
}

const isBlank = (c: SheetCell | undefined) =>
  !c || c.kind === 'empty' || ((c.kind === 'text' || c.kind === 'link') && c.text.trim() === '');

/** A number typed as text: "12.5", "12,50", "€ 1200", "35 EUR". No thousands separators. */
export function parseProxyNumber(text: string): number | undefined {
  const s = text
    .trim()
    .replace(/^(€|eur)\s*/i, '')
    .replace(/\s*(€|eur)$/i, '')
    .trim();
  if (!/^\d+([.,]\d+)?$/.test(s)) return undefined;
  return Number(s.replace(',', '.'));
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/i;

/** "ISTAT, Rapporto BES 2023 (https://www.istat.it/...)" -> name and URL; a hyperlink cell gives both directly. */
export function splitSource(text: string, link?: string): { sourceName: string; sourceUrl: string } {
  if (link !== undefined) return { sourceName: text.trim(), sourceUrl: link.trim() };
  const m = URL_IN_TEXT.exec(text);
  if (!m) return { sourceName: text.trim(), sourceUrl: '' };
  const url = m[0].replace(/[).,;\]]+$/, '');
  const name = (text.slice(0, m.index) + text.slice(m.index + url.length))
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .replace(/^[\s\-–—|,;:()[\]]+|[\s\-–—|,;:([\]]+$/g, '')
    .trim();
  return { sourceName: name, sourceUrl: url };
}

export function isWebUrl(value: string): boolean {
  if (value.length > FRAMEWORK_TEXT_LIMITS.sourceUrl) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname;
  } catch {
    return false;
  }
}

const CHAIN_COLUMNS: readonly FrameworkColumn[] = FRAMEWORK_COLUMNS.filter((c) => c !== 'stakeholder' && c !== 'descrizioneStakeholder');

interface OutcomeAcc {
  out: OutcomeInput;
  row: number;
  indicators: Map<string, { out: IndicatorInput; row: number; proxies: Map<string, number> }>;
}

/**
 * Turns the rows of one sheet into a framework's lists, reporting every broken rule with
 * its sheet, row and column. The result is only to be saved when `issues` is empty.
 */
export function parseFrameworkSheet(sheet: FrameworkSheet): FrameworkParseResult {
  const issues = new Issues();
  const content: FrameworkContent = { stakeholders: [], outcomes: [] };
  const at = (row: number | undefined, column?: string) => ({ sheet: sheet.name, row, column });

  const headerRow = sheet.rows.find((r) => r.cells.some((c) => !isBlank(c)));
  if (!headerRow) {
    issues.add(`${X}excel-empty`, {}, { sheet: sheet.name });
    for (const key of Object.values(FRAMEWORK_LIST_KEYS)) issues.add(key, {}, { sheet: sheet.name });
    return { content, issues: issues.list, truncated: issues.truncated };
  }

  // Header: every column of the spec, found by name (case, spaces and accents aside).
  const index = new Map<FrameworkColumn, number>();
  headerRow.cells.forEach((c, i) => {
    const h = normalizeHeader(cellAsHeader(c));
    const col = FRAMEWORK_COLUMNS.find((name) => normalizeHeader(name) === h);
    if (!col) return;
    if (index.has(col)) issues.add(`${X}excel-duplicate-column`, { column: col }, at(headerRow.row, `${columnLetter(i)} (${col})`));
    else index.set(col, i);
  });
  const missing = FRAMEWORK_COLUMNS.filter((c) => !index.has(c));
  for (const col of missing)
    issues.add(`${X}excel-missing-column`, { column: col, row: headerRow.row }, { sheet: sheet.name, row: headerRow.row });
  if (missing.length) return { content, issues: issues.list, truncated: issues.truncated };

  const label = (col: FrameworkColumn) => `${columnLetter(index.get(col)!)} (${col})`;
  const outcomes = new Map<string, OutcomeAcc>();
  const stakeholders = new Map<string, { out: StakeholderInput; row: number }>();
  const failedColumns = new Set<FrameworkColumn>();

  for (const r of sheet.rows) {
    if (r.row <= headerRow.row) continue;
    const cell = (col: FrameworkColumn): SheetCell => r.cells[index.get(col)!] ?? { kind: 'empty' };
    /** A chain column of this line failed: the line is not merged into the tree. */
    let broken = false;
    const failedHere = new Set<FrameworkColumn>();
    const fail = (key: string, col: FrameworkColumn, params: Record<string, string | number> = {}) => {
      if (CHAIN_COLUMNS.includes(col)) broken = true;
      failedHere.add(col);
      failedColumns.add(col);
      issues.add(key, { column: col, ...params }, at(r.row, label(col)));
    };

    /** Text of a cell; reports formulas, wrong types and over-long text. */
    const text = (col: FrameworkColumn, max: number): string => {
      const c = cell(col);
      switch (c.kind) {
        case 'empty':
          return '';
        case 'text':
        case 'link': {
          const t = c.text.trim();
          if (t.length > max) fail(`${X}excel-too-long`, col, { max });
          return t.slice(0, max);
        }
        case 'number':
          return String(c.value);
        case 'formula':
          fail(`${X}excel-formula`, col, { formula: c.formula.slice(0, 60) });
          return '';
        case 'other':
          fail(`${X}excel-wrong-type`, col, { type: c.type, expected: 'text' });
          return '';
        default: {
          const never: never = c;
          return never;
        }
      }
    };

    // Stakeholder list: the two columns go in pairs.
    const sName = text('stakeholder', FRAMEWORK_TEXT_LIMITS.name);
    const sDesc = text('descrizioneStakeholder', FRAMEWORK_TEXT_LIMITS.description);
    if (sName && !sDesc) fail(`${X}excel-pair`, 'descrizioneStakeholder', { other: 'stakeholder' });
    else if (!sName && sDesc) fail(`${X}excel-pair`, 'stakeholder', { other: 'descrizioneStakeholder' });
    else if (sName) {
      const prev = stakeholders.get(identity(sName));
      if (!prev) stakeholders.set(identity(sName), { out: { name: sName, description: sDesc }, row: r.row });
      else if (identity(prev.out.description) !== identity(sDesc))
        fail(`${X}excel-conflict`, 'descrizioneStakeholder', { first: prev.row });
    }

    // The outcome - indicator - proxy chain.
    if (CHAIN_COLUMNS.every((c) => isBlank(cell(c)))) continue;

    const oName = text('outcome', FRAMEWORK_TEXT_LIMITS.name);
    const oDesc = text('descrizioneOutcome', FRAMEWORK_TEXT_LIMITS.description);
    const iName = text('indicatore', FRAMEWORK_TEXT_LIMITS.name);
    const iDesc = text('descrizioneIndicatore', FRAMEWORK_TEXT_LIMITS.description);
    const pName = text('proxy', FRAMEWORK_TEXT_LIMITS.name);

    // sdgNumero: a whole number 1..17 ("3", "SDG 3" and "Goal 3" are read as 3).
    let sdg: number | undefined;
    const sdgCell = cell('sdgNumero');
    if (sdgCell.kind === 'number') sdg = sdgCell.value;
    else if (sdgCell.kind === 'text' && /^\s*(sdg|goal|obiettivo|objectif)?\s*\d{1,2}\s*$/i.test(sdgCell.text))
      sdg = Number(sdgCell.text.replace(/\D/g, ''));
    else if (sdgCell.kind === 'formula') fail(`${X}excel-formula`, 'sdgNumero', { formula: sdgCell.formula.slice(0, 60) });
    if (sdgCell.kind !== 'formula') {
      if (isBlank(sdgCell)) {
        if (oName) fail(`${X}excel-required`, 'sdgNumero');
      } else if (sdg === undefined || !isSdgCode(sdg))
        fail(`${X}excel-sdg`, 'sdgNumero', { value: cellAsHeader(sdgCell).slice(0, 40) || sdgCell.kind });
    }

    // valoreproxy: a number of at least 0; text that is not a number is reported, never read as 0.
    let value: number | undefined;
    const vCell = cell('valoreproxy');
    switch (vCell.kind) {
      case 'number':
        value = vCell.value;
        break;
      case 'text':
      case 'link':
        value = vCell.text.trim() === '' ? undefined : parseProxyNumber(vCell.text);
        if (vCell.text.trim() !== '' && value === undefined)
          fail(`${X}excel-proxy-value`, 'valoreproxy', { value: vCell.text.trim().slice(0, 40) });
        break;
      case 'formula':
        fail(`${X}excel-formula`, 'valoreproxy', { formula: vCell.formula.slice(0, 60) });
        break;
      case 'other':
        fail(`${X}excel-proxy-value`, 'valoreproxy', { value: vCell.type });
        break;
      case 'empty':
        break;
      default: {
        const never: never = vCell;
        return never;
      }
    }
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
      fail(`${X}excel-proxy-value`, 'valoreproxy', { value: String(value) });
      value = undefined;
    }

    // fonteproxy: a hyperlink cell, or text holding the source's name and an optional http(s) URL.
    const fCell = cell('fonteproxy');
    const fText = text('fonteproxy', FRAMEWORK_TEXT_LIMITS.sourceName + FRAMEWORK_TEXT_LIMITS.sourceUrl);
    const source = splitSource(fText, fCell.kind === 'link' ? fCell.url : undefined);
    if (source.sourceUrl && !isWebUrl(source.sourceUrl))
      fail(`${X}excel-source-url`, 'fonteproxy', { value: source.sourceUrl.slice(0, 60) });
    if (fText && !source.sourceName && source.sourceUrl) source.sourceName = source.sourceUrl;
    if (source.sourceName.length > FRAMEWORK_TEXT_LIMITS.sourceName)
      fail(`${X}excel-too-long`, 'fonteproxy', { max: FRAMEWORK_TEXT_LIMITS.sourceName });

    // What a chain line needs.
    if (!oName && !failedHere.has('outcome')) fail(`${X}excel-outcome-missing`, 'outcome');
    if (!iName && !failedHere.has('indicatore')) fail(`${X}excel-indicator-missing`, 'indicatore');
    if (!pName && !failedHere.has('proxy')) fail(`${X}excel-proxy-missing`, 'proxy');
    if (pName && vCell.kind === 'empty') fail(`${X}excel-pair`, 'valoreproxy', { other: 'proxy' });
    if (pName && !fText && fCell.kind !== 'formula') fail(`${X}excel-pair`, 'fonteproxy', { other: 'proxy' });
    if (broken) continue;

    // Merge the line into the tree: outcomes repeat once per indicator, indicators once per proxy.
    let o = outcomes.get(identity(oName));
    if (!o) {
      if (!oDesc) {
        fail(`${X}excel-pair`, 'descrizioneOutcome', { other: 'outcome' });
        continue;
      }
      o = { out: { name: oName, description: oDesc, sdg: sdg!, indicators: [] }, row: r.row, indicators: new Map() };
      outcomes.set(identity(oName), o);
      content.outcomes.push(o.out);
    } else {
      if (o.out.sdg !== sdg) fail(`${X}excel-outcome-sdg-conflict`, 'sdgNumero', { first: o.row, sdg: o.out.sdg });
      if (oDesc && identity(oDesc) !== identity(o.out.description)) fail(`${X}excel-conflict`, 'descrizioneOutcome', { first: o.row });
      if (broken) continue;
    }
    let ind = o.indicators.get(identity(iName));
    if (!ind) {
      if (!iDesc) {
        fail(`${X}excel-pair`, 'descrizioneIndicatore', { other: 'indicatore' });
        continue;
      }
      ind = { out: { name: iName, description: iDesc, proxies: [] }, row: r.row, proxies: new Map() };
      o.indicators.set(identity(iName), ind);
      o.out.indicators.push(ind.out);
    } else if (iDesc && identity(iDesc) !== identity(ind.out.description)) {
      fail(`${X}excel-conflict`, 'descrizioneIndicatore', { first: ind.row });
      continue;
    }
    const firstRow = ind.proxies.get(identity(pName));
    if (firstRow !== undefined) {
      fail(`${X}excel-duplicate-line`, 'proxy', { first: firstRow });
      continue;
    }
    ind.proxies.set(identity(pName), r.row);
    ind.out.proxies.push({ name: pName, defaultValue: value!, sourceName: source.sourceName, sourceUrl: source.sourceUrl });
  }

  content.stakeholders = [...stakeholders.values()].map((s) => s.out);
  // The lists must not be empty (messages errorStakeholders, errorOutcomes, errorIndicators,
  // errorProxies), unless lines of that list were already reported as broken.
  const failed = (cols: readonly FrameworkColumn[]) => failedColumns.size > 0 && cols.some((c) => failedColumns.has(c));
  if (content.stakeholders.length === 0 && !failed(['stakeholder', 'descrizioneStakeholder'])) {
    issues.add(
      FRAMEWORK_LIST_KEYS.stakeholders,
      {},
      { sheet: sheet.name, column: `${label('stakeholder')}, ${label('descrizioneStakeholder')}` },
    );
  }
  if (!failed(CHAIN_COLUMNS)) {
    const indicators = content.outcomes.flatMap((o) => o.indicators);
    if (content.outcomes.length === 0) issues.add(FRAMEWORK_LIST_KEYS.outcomes, {}, { sheet: sheet.name, column: label('outcome') });
    if (indicators.length === 0) issues.add(FRAMEWORK_LIST_KEYS.indicators, {}, { sheet: sheet.name, column: label('indicatore') });
    if (indicators.flatMap((i) => i.proxies).length === 0)
      issues.add(FRAMEWORK_LIST_KEYS.proxies, {}, { sheet: sheet.name, column: label('proxy') });
  }
  return { content, issues: issues.list, truncated: issues.truncated };
}

/**
 * The rules a framework's lists must follow, however they arrive (the Excel, or the JSON
 * of AddImpactFrameworkSet): each list non-empty, each outcome with indicators, each
 * indicator with proxies, SDG codes 1..17, proxy values of at least 0, web source URLs.
 * The JSON is read as what it may be, not as what it should be: a list that is not one, an
 * entry that is not an object or a text that is not text is an issue of its own, never a crash.
 * When there is no issue, `content` is a FrameworkContent.
 */
export function frameworkContentIssues(content: unknown): FrameworkIssue[] {
  const issues = new Issues();
  const at = (path: string) => ({ path });
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  /** The objects of a list (each entry that is not one reported), or none when it is not a list. */
  const entries = (value: unknown, path: string): [Record<string, unknown>, number][] => {
    if (!Array.isArray(value)) {
      issues.add(`${X}not-a-list`, {}, at(path));
      return [];
    }
    return value.flatMap((entry: unknown, i): [Record<string, unknown>, number][] => {
      if (isRecord(entry)) return [[entry, i]];
      issues.add(`${X}not-an-object`, {}, at(`${path}[${i}]`));
      return [];
    });
  };
  const required = (value: unknown, path: string, max: number) => {
    if (value !== undefined && value !== null && typeof value !== 'string') issues.add(`${X}not-text`, {}, at(path));
    else if (!value?.trim()) issues.add(`${X}required`, { path }, at(path));
    else if (value.length > max) issues.add(`${X}too-long`, { max }, at(path));
  };
  /** A text that may be left out (empty). */
  const optional = (value: unknown, path: string, max: number) => {
    if (value === undefined || value === null) return;
    if (typeof value !== 'string') issues.add(`${X}not-text`, {}, at(path));
    else if (value.length > max) issues.add(`${X}too-long`, { max }, at(path));
  };
  // String() of an object throws when the object has a `toString` that is not a function.
  const shown = (v: unknown): string => (v !== null && typeof v === 'object' ? (JSON.stringify(v) ?? '').slice(0, 40) : String(v));
  if (!isRecord(content)) {
    issues.add(`${X}not-an-object`, {}, at(''));
    return issues.list;
  }
  if (Array.isArray(content.stakeholders) && content.stakeholders.length === 0)
    issues.add(FRAMEWORK_LIST_KEYS.stakeholders, {}, at('stakeholders'));
  if (Array.isArray(content.outcomes) && content.outcomes.length === 0) issues.add(FRAMEWORK_LIST_KEYS.outcomes, {}, at('outcomes'));
  const stakeholders = entries(content.stakeholders, 'stakeholders');
  const outcomes = entries(content.outcomes, 'outcomes');
  stakeholders.forEach(([s, i]) => {
    required(s.name, `stakeholders[${i}].name`, FRAMEWORK_TEXT_LIMITS.name);
    optional(s.description, `stakeholders[${i}].description`, FRAMEWORK_TEXT_LIMITS.description);
  });
  outcomes.forEach(([o, oi]) => {
    const op = `outcomes[${oi}]`;
    required(o.name, `${op}.name`, FRAMEWORK_TEXT_LIMITS.name);
    optional(o.description, `${op}.description`, FRAMEWORK_TEXT_LIMITS.description);
    if (!isSdgCode(o.sdg)) issues.add(`${X}sdg`, { value: shown(o.sdg) }, at(`${op}.sdg`));
    if (Array.isArray(o.indicators) && o.indicators.length === 0) issues.add(FRAMEWORK_LIST_KEYS.indicators, {}, at(`${op}.indicators`));
    entries(o.indicators, `${op}.indicators`).forEach(([ind, ii]) => {
      const ip = `${op}.indicators[${ii}]`;
      required(ind.name, `${ip}.name`, FRAMEWORK_TEXT_LIMITS.name);
      optional(ind.description, `${ip}.description`, FRAMEWORK_TEXT_LIMITS.description);
      if (Array.isArray(ind.proxies) && ind.proxies.length === 0) issues.add(FRAMEWORK_LIST_KEYS.proxies, {}, at(`${ip}.proxies`));
      entries(ind.proxies, `${ip}.proxies`).forEach(([p, pi]) => {
        const pp = `${ip}.proxies[${pi}]`;
        required(p.name, `${pp}.name`, FRAMEWORK_TEXT_LIMITS.name);
        if (!(typeof p.defaultValue === 'number' && Number.isFinite(p.defaultValue) && p.defaultValue >= 0))
          issues.add(`${X}proxy-value`, { value: shown(p.defaultValue) }, at(`${pp}.defaultValue`));
        optional(p.sourceName, `${pp}.sourceName`, FRAMEWORK_TEXT_LIMITS.sourceName);
        if (typeof p.sourceUrl === 'string' && p.sourceUrl && !isWebUrl(p.sourceUrl))
          issues.add(`${X}source-url`, { value: p.sourceUrl.slice(0, 60) }, at(`${pp}.sourceUrl`));
        else optional(p.sourceUrl, `${pp}.sourceUrl`, FRAMEWORK_TEXT_LIMITS.sourceUrl);
      });
    });
  });
  return issues.list;
}

/** Counts of a framework's lists (what the console's list shows). */
export function frameworkCounts(content: FrameworkContent): {
  stakeholders: number;
  outcomes: number;
  indicators: number;
  proxies: number;
  sdgs: number[];
} {
  const indicators = content.outcomes.flatMap((o) => o.indicators);
  return {
    stakeholders: content.stakeholders.length,
    outcomes: content.outcomes.length,
    indicators: indicators.length,
    proxies: indicators.reduce((n, i) => n + i.proxies.length, 0),
    sdgs: [...new Set(content.outcomes.map((o) => o.sdg))].sort((a, b) => a - b),
  };
}
