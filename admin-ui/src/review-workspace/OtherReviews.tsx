import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatDecimal } from '@impact-calls/domain';
import { useId } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ReviewWorkspace } from './reviewApi';

/** The other reviewers' reviews, when the phase shows them (`otherReviews` non-null); names withheld in a blind phase. */
export function OtherReviews({
  reviews,
  criteria,
}: {
  reviews: NonNullable<ReviewWorkspace['otherReviews']>;
  criteria: ReviewWorkspace['criteria'];
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const id = useId();
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ mt: 3 }} data-testid="other-reviews">
      <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
        {translate('pages.review-workspace.others.title')}
      </Typography>
      {reviews.length === 0 && <Typography color="text.secondary">{translate('pages.review-workspace.others.empty')}</Typography>}
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {reviews.map((r, i) => (
          <Card component="li" variant="outlined" key={i}>
            <CardContent>
              <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                {r.reviewerName ?? translate('pages.review-workspace.others.reviewer', { n: i + 1 })}
              </Typography>
              {r.abstained ? (
                <Typography variant="body2">{translate('pages.review-workspace.others.abstained')}</Typography>
              ) : (
                <>
                  <Typography variant="body2">
                    {translate('pages.review-workspace.form.score')}:{' '}
                    {r.score === null ? translate('pages.review-workspace.form.no-score') : `${formatDecimal(r.score, locale, 2)} / 100`}
                    {r.recommendation && ` · ${translate(`pages.review-workspace.recommendation.${r.recommendation}`)}`}
                  </Typography>
                  <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
                    {criteria
                      .filter((c) => typeof r.scores[c.id] === 'number')
                      .map((c) => (
                        <Typography component="li" variant="body2" key={c.id} sx={{ overflowWrap: 'anywhere' }}>
                          {c.name}: {formatDecimal(r.scores[c.id]!, locale, 3)}
                        </Typography>
                      ))}
                  </Box>
                </>
              )}
              {r.commentPanel && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 1 }}>
                  {r.commentPanel}
                </Typography>
              )}
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
