/**
 * The SurveyJS Survey Creator (large): only ever imported lazily. Edits a SurveyJS
 * JSON; every change is reported with onChange. The creator's interface follows the
 * console's language (it, en, fr).
 *
 * Without a licence key the creator shows SurveyJS's "developer license is required" banner;
 * SURVEYJS_LICENSE_KEY (a setting of the server, given to the console by
 * GET /api/admin/console-settings) removes it. Its text is translated here (it, fr).
 */
import 'survey-core/survey-core.fontless.min.css';
import 'survey-creator-core/survey-creator-core.fontless.min.css';
import 'survey-creator-core/i18n/italian';
import 'survey-creator-core/i18n/french';
import { unwrap } from '@impact-calls/api-client';
import { translate as catalogText } from '@impact-calls/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type CSSProperties } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { setLicenseKey } from 'survey-core';
import { editorLocalization } from 'survey-creator-core';
import { SurveyCreator, SurveyCreatorComponent } from 'survey-creator-react';
import { api } from '../../providers/client';
import { explainChoiceLimitsInPreview } from './choiceLimits';

/** The banner's text in the console's languages (SurveyJS has it in English only). */
for (const language of ['it', 'fr'] as const) {
  const strings = editorLocalization.getLocale(language) as { survey?: Record<string, string> } | undefined;
  if (strings?.survey) strings.survey.license = catalogText(language, 'pages.admin.surveys.license-banner');
}

function useConsoleSettings() {
  return useQuery({
    queryKey: ['admin', 'console-settings'],
    queryFn: () => unwrap(api.GET('/api/admin/console-settings')),
    staleTime: Infinity,
    retry: false,
  });
}

function Creator({ json, onChange }: { json: Record<string, unknown>; onChange: (json: Record<string, unknown>) => void }) {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const [creator] = useState(() => {
    const c = new SurveyCreator({
      showLogicTab: true,
      showTranslationTab: false,
      showJSONEditorTab: true,
      isAutoSave: false,
      showThemeTab: false,
    });
    c.locale = locale === 'en' ? '' : locale;
    explainChoiceLimitsInPreview(c, (max) => translate('fill.survey.max-choices', { max }));
    c.JSON = json;
    return c;
  });
  useEffect(() => {
    const handler = () => onChange(creator.JSON as Record<string, unknown>);
    creator.onModified.add(handler);
    return () => creator.onModified.remove(handler);
  }, [creator, onChange]);
  return <SurveyCreatorComponent creator={creator} />;
}

export default function SurveyCreatorPanel({
  json,
  onChange,
}: {
  json: Record<string, unknown>;
  onChange: (json: Record<string, unknown>) => void;
}) {
  const settings = useConsoleSettings();
  // The key must be set before the creator is made; without settings (an error) it starts anyway.
  const ready = !settings.isPending;
  if (ready && settings.data?.surveyJsLicenseKey) setLicenseKey(settings.data.surveyJsLicenseKey);
  return (
    // The creator sizes itself to this box: without minWidth 0 a flex parent lets it grow wider than the window.
    <div
      style={
        {
          flex: 1,
          minHeight: '70vh',
          height: '100%',
          width: '100%',
          minWidth: 0,
          maxWidth: '100%',
          overflow: 'hidden',
          // The licence banner's white text on SurveyJS's light green is 2.6:1; a darker green reads (axe).
          '--ctr-page-banner-background-color': '#0a5c44',
        } as CSSProperties
      }
      data-testid="survey-creator"
    >
      {ready && <Creator json={json} onChange={onChange} />}
    </div>
  );
}
