import type { Language } from '@impact-calls/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../layout/theme';
import { createI18nProvider, loadMessages } from './i18nProvider';

type Messages = { [key: string]: string | Messages };
const messages: Partial<Record<Language, Messages>> = {};

beforeAll(async () => {
  for (const language of ['it', 'en', 'fr'] as const) messages[language] = (await loadMessages(language)) as unknown as Messages;
});

const t = (language: Language, key: string, options?: object) => createI18nProvider(language).translate(key, options);

/** Every message of a language, with its key. */
function entries(node: Messages, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : entries(v, `${prefix}${k}.`)));
}

describe('the console in each language', () => {
  it('leaves no English on Italian survey screens', () => {
    const keys = [
      'pages.admin.report.button',
      'pages.admin.report.list-title',
      'pages.admin.no-survey-call',
      'pages.admin.steps.survey.open-creator',
      'pages.admin.steps.survey.creator-title',
      'pages.admin.steps.survey.creator-title-quiz',
      'pages.admin.steps.quiz.no-questions',
      'pages.admin.surveys.creator-title',
    ];
    for (const language of ['it', 'fr'] as const)
      expect(keys.filter((k) => /\bsurvey\b/i.test(t(language, k, { name: 'x' }))).map((k) => `${language}: ${k}`)).toEqual([]);
  });

  it('spells Power BI as the product does, and shows tab labels as written (not upper-cased)', () => {
    for (const language of ['it', 'en', 'fr'] as const) {
      expect(t(language, 'pages.admin.calls.tab-powerbi')).toBe('Power BI');
      expect(entries(messages[language]!).filter(([, v]) => /PowerBI(?!_)|POWERBI(?!_)/.test(v))).toEqual([]);
    }
    expect(theme.components?.MuiTab?.styleOverrides?.root).toMatchObject({ textTransform: 'none' });
  });

  it('says "effet" in French for an outcome, on every screen', () => {
    expect(entries(messages.fr!).filter(([, v]) => /outcome/i.test(v.replace(/%\{\w+\}/g, '')))).toEqual([]);
    for (const key of [
      'pages.admin.dashboard.outcomes.title',
      'pages.admin.dashboard.outcomes.outcome',
      'resources.submissions.fields.outcomeId',
      'pages.admin.steps.minidyi.max-outcomes',
    ])
      expect(t('fr', key), key).toMatch(/effet/i);
  });

  it('labels a closed call "closed" in English, keeping the API value close', () => {
    expect(t('en', 'pages.calls.status.close')).toBe('closed');
    expect(t('it', 'pages.calls.status.close')).toBe('chiuso');
    expect(t('fr', 'pages.calls.status.close')).toBe('fermé');
  });
});
