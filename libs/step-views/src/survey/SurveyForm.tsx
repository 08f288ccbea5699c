/**
 * The SurveyJS Form Library, loaded lazily (with its CSS and its it/fr texts) only when a
 * survey or quiz step is shown. Themed from the MUI theme, in the interface language.
 *
 * One navigation: SurveyJS's own Previous/Next/Complete buttons are hidden; the
 * fill screen's Previous and Next drive the pages through the StepNavigator this form
 * registers. Next on the last page validates it and marks the survey completed.
 */
import { readSurveyJson, readSurveyResult } from '@impact-calls/domain';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { Model, type Question } from 'survey-core';
import 'survey-core/i18n/french';
import 'survey-core/i18n/italian';
import 'survey-core/survey-core.fontless.min.css';
import { Survey } from 'survey-react-ui';
import { useFillText } from '../FillText';
import { explainChoiceLimits } from './choiceLimits';
import type { StepNavigator } from '../types';

export interface SurveyFormProps {
  json: unknown;
  result: unknown;
  readOnly: boolean;
  language: string;
  onChange?: (content: Record<string, unknown>) => void;
  registerNavigator?: (navigator: StepNavigator | null) => void;
}

export default function SurveyForm({ json, result, readOnly, language, onChange, registerNavigator }: SurveyFormProps) {
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
    m.showNavigationButtons = false;
    if (!readOnly) explainChoiceLimits(m, (max) => t('fill.survey.max-choices', { max }));
    // A rating scale (0-10) is shown as the scale it is, not as a dropdown on wide screens.
    for (const q of m.getAllQuestions() as Question[]) if (q.getType() === 'rating') q.setPropertyValue('displayMode', 'buttons');
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
    const onEdit = () => {
      setCompleted(false);
      emit.current?.({ data: model.data as Record<string, unknown>, currentPageNo: model.currentPageNo, completed: false });
    };
    model.onValueChanged.add(onEdit);
    return () => model.onValueChanged.remove(onEdit);
  }, [model]);

  useEffect(() => {
    if (!model || readOnly || !registerNavigator) return undefined;
    const pageChanged = () =>
      emit.current?.({ data: model.data as Record<string, unknown>, currentPageNo: model.currentPageNo, completed: false });
    const navigator: StepNavigator = {
      next: () => {
        if (!model.isLastPage) {
          // SurveyJS validates the page and shows its errors; it moves only when the page is valid.
          if (!model.nextPage()) return 'blocked';
          pageChanged();
          return 'moved';
        }
        if (!model.validateCurrentPage()) return 'blocked';
        setCompleted(true);
        emit.current?.({ data: model.data as Record<string, unknown>, currentPageNo: model.currentPageNo, completed: true });
        return 'done';
      },
      previous: () => {
        if (model.isFirstPage) return false;
        model.prevPage();
        pageChanged();
        return true;
      },
      hasPrevious: () => !model.isFirstPage,
      hasNext: () => !model.isLastPage,
    };
    registerNavigator(navigator);
    // The fill screen shows Previous and Next (or Submit) by the page: it is told again when the page changes.
    const pageShown = () => registerNavigator(navigator);
    model.onCurrentPageChanged.add(pageShown);
    return () => {
      model.onCurrentPageChanged.remove(pageShown);
      registerNavigator(null);
    };
  }, [model, readOnly, registerNavigator]);

  if (!model) return <Alert severity="warning">{t('fill.survey.invalid')}</Alert>;
  return (
    <Stack spacing={2}>
      {completed && !readOnly && (
        <Alert icon={<CheckCircleOutlined />} severity="success" data-testid="survey-completed">
          {t('fill.survey.completed')}
        </Alert>
      )}
      {!readOnly && model.visiblePages.length > 1 && <SurveyPageOf model={model} />}
      <Survey model={model} />
    </Stack>
  );
}

/** "Page 2 of 3": the survey's own progress, since its buttons are the fill screen's. */
function SurveyPageOf({ model }: { model: Model }) {
  const t = useFillText();
  const [page, setPage] = useState(model.currentPageNo);
  useEffect(() => {
    const changed = () => setPage(model.currentPageNo);
    model.onCurrentPageChanged.add(changed);
    return () => model.onCurrentPageChanged.remove(changed);
  }, [model]);
  return (
    <Typography variant="body2" color="text.secondary" data-testid="survey-page-of">
      {t('fill.survey.page-of', { current: page + 1, total: model.visiblePages.length })}
    </Typography>
  );
}
