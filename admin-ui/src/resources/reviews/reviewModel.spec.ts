import { describe, expect, it } from 'vitest';
import {
  applicationsQuery,
  DEFAULT_LIST,
  fieldErrorsOf,
  fromLocalInput,
  loadPercent,
  looksLikeEmail,
  moveRow,
  newCriterion,
  newPhase,
  parseEmails,
  phaseErrors,
  phasesPayload,
  readListState,
  rubricErrors,
  rubricPayload,
  settingsErrors,
  tabOf,
  toggleSort,
  toLocalInput,
  writeListState,
  type CriterionRow,
  type PhaseRow,
} from './reviewModel';

describe('the applications list query', () => {
  it('asks the API for the page, the sort and only the filters set (ra-data-simple-rest)', () => {
    expect(applicationsQuery(DEFAULT_LIST)).toEqual({ range: '[0,24]', sort: '["rank","ASC"]', filter: '{}' });
    const q = applicationsQuery({
      ...DEFAULT_LIST,
      page: 2,
      perPage: 50,
      sort: 'score',
      order: 'DESC',
      q: '  green ',
      decision: 'approved',
      disagreement: true,
      reviews: 'incomplete',
    });
    expect(q.range).toBe('[100,149]');
    expect(q.sort).toBe('["score","DESC"]');
    expect(JSON.parse(q.filter)).toEqual({ q: 'green', decision: 'approved', disagreement: true, reviews: 'incomplete' });
  });

  it('reads its state from the address, ignoring what it does not know', () => {
    const s = readListState(
      new URLSearchParams(
        'tab=applications&page=3&perPage=50&sort=spread&order=DESC&decision=rejected&disagreement=1&reviews=complete&q=ab',
      ),
    );
    expect(s).toEqual({
      page: 2,
      perPage: 50,
      sort: 'spread',
      order: 'DESC',
      q: 'ab',
      decision: 'rejected',
      disagreement: true,
      reviews: 'complete',
    });
    expect(readListState(new URLSearchParams('page=-1&perPage=7&sort=password&decision=maybe&reviews=x&order=sideways'))).toEqual(
      DEFAULT_LIST,
    );
  });

  it('writes its state to the address and back, keeping the tab and leaving the defaults out', () => {
    const state = { ...DEFAULT_LIST, page: 1, sort: 'code' as const, q: 'x y', disagreement: true };
    const params = writeListState(new URLSearchParams('tab=applications&page=9'), state);
    expect(params.get('tab')).toBe('applications');
    expect(params.get('perPage')).toBeNull();
    expect(readListState(params)).toEqual(state);
    expect(writeListState(new URLSearchParams('tab=applications&q=old'), DEFAULT_LIST).toString()).toBe('tab=applications');
  });

  it('flips the order on the same column, sorts figures best first, and goes back to the first page', () => {
    const onPage3 = { ...DEFAULT_LIST, page: 3 };
    expect(toggleSort(onPage3, 'rank')).toMatchObject({ sort: 'rank', order: 'DESC', page: 0 });
    expect(toggleSort(onPage3, 'score')).toMatchObject({ sort: 'score', order: 'DESC', page: 0 });
    expect(toggleSort(onPage3, 'organizationName')).toMatchObject({ sort: 'organizationName', order: 'ASC' });
  });

  it('opens the applications tab unless the address names another', () => {
    expect(tabOf(null)).toBe('applications');
    expect(tabOf('setup')).toBe('setup');
    expect(tabOf('nope')).toBe('applications');
  });
});

const criterion = (patch: Partial<CriterionRow>): CriterionRow => ({ ...newCriterion(), name: 'Impact', ...patch });

describe('the rubric form', () => {
  it('accepts a sound criterion and names the field at fault as the API does', () => {
    expect(rubricErrors([criterion({})])).toEqual({});
    expect(rubricErrors([criterion({}), criterion({ name: ' ', max: '0' })])).toEqual({
      'criteria[1].name': 'pages.admin.review.setup.error-required',
      'criteria[1].max': 'pages.admin.review.setup.error-max',
    });
    expect(rubricErrors([criterion({ min: '', max: '10' })])).toEqual({ 'criteria[0].min': 'pages.admin.review.setup.error-min' });
    expect(rubricErrors([criterion({ step: '3' })])).toEqual({ 'criteria[0].step': 'pages.admin.review.setup.error-step' });
    expect(rubricErrors([criterion({ weight: '0' })])).toEqual({ 'criteria[0].weight': 'pages.admin.review.setup.error-weight' });
    expect(rubricErrors([criterion({ max: '5000' })])).toEqual({ 'criteria[0].max': 'pages.admin.review.setup.error-bound' });
  });

  it('reads decimal commas and decimal steps', () => {
    expect(rubricErrors([criterion({ min: '0', max: '1', step: '0,1', weight: '1,5' })])).toEqual({});
    expect(rubricPayload([criterion({ min: '0', max: '1', step: '0,1', weight: '1,5' })])[0]).toMatchObject({ step: 0.1, weight: 1.5 });
  });

  it('sends kept criteria by id, new ones without, guidance only in the languages written', () => {
    const [kept, added] = rubricPayload([
      criterion({ id: 'c1', name: ' Impact ', guidance: { it: 'Impatto', en: ' ', fr: '' } }),
      criterion({ name: 'Team' }),
    ]);
    expect(kept).toEqual({ id: 'c1', name: 'Impact', guidance: { it: 'Impatto' }, min: 0, max: 10, step: 1, weight: 1, required: true });
    expect(added).not.toHaveProperty('id');
  });

  it('moves rows up and down, not past the ends', () => {
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRow(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

const phase = (patch: Partial<PhaseRow>): PhaseRow => ({
  ...newPhase(),
  name: 'Scoring',
  startsAt: '2026-03-01T09:00',
  endsAt: '2026-03-15T18:00',
  ...patch,
});

describe('the phases form', () => {
  it('keeps the time typed in the browsers time zone through the API and back', () => {
    const iso = fromLocalInput('2026-03-01T09:30');
    expect(iso).toMatch(/Z$/);
    expect(toLocalInput(iso)).toBe('2026-03-01T09:30');
    expect(fromLocalInput('2026-03-01')).toBe('');
    expect(toLocalInput('not a date')).toBe('');
  });

  it('names missing fields, then dates in the wrong order and overlaps as the API does', () => {
    expect(phaseErrors([phase({})])).toEqual({});
    expect(phaseErrors([phase({ name: '', endsAt: '' })])).toEqual({
      'phases[0].name': 'pages.admin.review.setup.error-required',
      'phases[0].endsAt': 'pages.admin.review.setup.error-date',
    });
    expect(phaseErrors([phase({ endsAt: '2026-02-01T09:00' })])).toEqual({ 'phases[0]': 'pages.admin.review.setup.phase-dates' });
    expect(phaseErrors([phase({}), phase({ startsAt: '2026-03-10T00:00', endsAt: '2026-04-01T00:00' })])).toEqual({
      'phases[1]': 'pages.admin.review.setup.phase-overlap',
    });
  });

  it('sends instants and keeps the ids of kept phases', () => {
    const [p] = phasesPayload([phase({ id: 'p1', name: ' Decide ', mayDecide: true })]);
    expect(p).toMatchObject({ id: 'p1', name: 'Decide', mayDecide: true, startsAt: fromLocalInput('2026-03-01T09:00') });
  });
});

describe('the API refusals of a form', () => {
  it("shows the API's keys, the screen's wording of phase reasons, and a generic text otherwise", () => {
    const known = (k: string) => k === 'errors.review.criterion';
    expect(
      fieldErrorsOf(
        { key: 'errors.review.phases', errors: { 'phases[2]': 'overlap', 'criteria[0].step': 'errors.review.criterion', x: 'odd' } },
        known,
      ),
    ).toEqual({
      'phases[2]': 'pages.admin.review.setup.phase-overlap',
      'criteria[0].step': 'errors.review.criterion',
      x: 'pages.admin.review.setup.error-invalid',
    });
    expect(fieldErrorsOf(undefined, known)).toEqual({});
    expect(fieldErrorsOf({ errors: 'no' }, known)).toEqual({});
  });
});

describe('the settings form', () => {
  it('wants 1 to 20 reviews and a threshold from 0 to 100', () => {
    expect(settingsErrors({ reviewsPerApplication: '3', aggregate: 'mean', disagreementThreshold: '25,5' })).toEqual({});
    expect(settingsErrors({ reviewsPerApplication: '2.5', aggregate: 'median', disagreementThreshold: '101' })).toEqual({
      reviewsPerApplication: 'pages.admin.review.setup.error-reviews-per-application',
      disagreementThreshold: 'pages.admin.review.setup.error-threshold',
    });
  });
});

describe('the reviewers', () => {
  it('reads addresses one a line or separated by commas, once each', () => {
    expect(parseEmails(' a@x.test, b@x.test;\nA@X.test  c@x.test\n\n')).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
    expect(parseEmails('  ')).toEqual([]);
    expect(looksLikeEmail('a@x.test')).toBe(true);
    expect(looksLikeEmail('a@x')).toBe(false);
  });

  it('draws each load against the busiest reviewer', () => {
    expect(loadPercent(5, 10)).toBe(50);
    expect(loadPercent(0, 0)).toBe(0);
  });
});
