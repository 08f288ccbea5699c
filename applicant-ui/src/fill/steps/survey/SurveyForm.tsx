/**
 * The SurveyJS Form Library, loaded lazily (with its CSS and its it/fr texts) only when a
 * survey or quiz step is shown. Themed from the MUI theme, in the interface language.
 */
import { readSurveyJson, readSurveyResult } from '@impact-calls/domain';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { Model } from 'survey-core';
import 'survey-core/i18n/french';
import 'survey-core/i18n/italian';
import 'survey-core/survey-core.fontless.min.css';
import { Survey } from 'survey-react-ui';
import { useFillText } from '../FillText';

export interface SurveyFormProps {
  json: unknown;
  result: unknown;
  readOnly: boolean;
  language: string;
  onChange?: (content: Record<string, unknown>) => void;
}

export default function SurveyForm({ json, result, readOnly, language, onChange }: SurveyFormProps) {
  const t = useFillText();
  const theme = useTheme();
  const emit = useRef(onChange);
  useEffect(() => {
    emit.current = onChange;
  });
  // Made once per survey, language and mode (the parent keys it so): later answers live in the model.
  const [{ model, startsCompleted }] = useState(() => {
    const initial = readSurveyResult(result);
    const parsed = readSurveyJson(json);
    if (!parsed) return { model: undefined, startsCompleted: false };
    const m = new Model(parsed);
    m.locale = language;
    m.data = initial.data;
    m.showCompletedPage = false;
    m.completeText = t('fill.survey.complete-button');
    if (readOnly) {
      m.readOnly = true;
      m.questionsOnPageMode = 'singlePage';
    } else if (initial.currentPageNo < m.visiblePages.length) {
      m.currentPageNo = initial.currentPageNo;
    }
    m.applyTheme({
      isPanelless: true,
      cssVariables: {
        '--sjs-primary-backcolor': theme.palette.primary.main,
        '--sjs-primary-backcolor-dark': theme.palette.primary.dark,
        '--sjs-primary-forecolor': theme.palette.primary.contrastText,
        '--sjs-general-backcolor-dim': theme.palette.background.default,
        '--sjs-font-family': String(theme.typography.fontFamily),
        '--sjs-corner-radius': `${theme.shape.borderRadius}px`,
      },
    });
    return { model: m, startsCompleted: initial.completed };
  });
  const [completed, setCompleted] = useState(startsCompleted);

  useEffect(() => {
    if (!model) return undefined;
    const onEdit = () =>
      emit.current?.({ data: model.data as Record<string, unknown>, currentPageNo: model.currentPageNo, completed: false });
    const onComplete = () => {
      setCompleted(true);
      emit.current?.({
        data: model.data as Record<string, unknown>,
        currentPageNo: Math.max(0, model.visiblePages.length - 1),
        completed: true,
      });
    };
    model.onValueChanged.add(onEdit);
    model.onCurrentPageChanged.add(onEdit);
    model.onComplete.add(onComplete);
    return () => {
      model.onValueChanged.remove(onEdit);
      model.onCurrentPageChanged.remove(onEdit);
      model.onComplete.remove(onComplete);
    };
  }, [model]);

  if (!model) return <Alert severity="warning">{t('fill.survey.invalid')}</Alert>;
  if (completed && !readOnly) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert icon={<CheckCircleOutlined />} severity="success" data-testid="survey-completed">
          {t('fill.survey.completed')}
        </Alert>
        <Button
          variant="outlined"
          onClick={() => {
            model.clear(false, true);
            setCompleted(false);
          }}
        >
          {t('fill.survey.edit-again')}
        </Button>
      </Stack>
    );
  }
  return <Survey model={model} />;
}
