/**
 * The SurveyJS Survey Creator (about 700 KB): only ever imported lazily. Edits a SurveyJS
 * JSON; every change is reported with onChange. The creator's interface follows the
 * console's language (it, en, fr).
 */
import 'survey-core/survey-core.fontless.min.css';
import 'survey-creator-core/survey-creator-core.fontless.min.css';
import 'survey-creator-core/i18n/italian';
import 'survey-creator-core/i18n/french';
import { useEffect, useState } from 'react';
import { useLocaleState } from 'react-admin';
import { SurveyCreator, SurveyCreatorComponent } from 'survey-creator-react';

export default function SurveyCreatorPanel({
  json,
  onChange,
}: {
  json: Record<string, unknown>;
  onChange: (json: Record<string, unknown>) => void;
}) {
  const [locale] = useLocaleState();
  const [creator] = useState(() => {
    const c = new SurveyCreator({
      showLogicTab: true,
      showTranslationTab: false,
      showJSONEditorTab: true,
      isAutoSave: false,
      showThemeTab: false,
    });
    c.locale = locale === 'en' ? '' : locale;
    c.JSON = json;
    return c;
  });
  useEffect(() => {
    const handler = () => onChange(creator.JSON as Record<string, unknown>);
    creator.onModified.add(handler);
    return () => creator.onModified.remove(handler);
  }, [creator, onChange]);
  return (
    <div style={{ flex: 1, minHeight: '70vh', height: '100%', width: '100%' }} data-testid="survey-creator">
      <SurveyCreatorComponent creator={creator} />
    </div>
  );
}
