import { describe, expect, it } from 'vitest';
import {
  acceptedKinds,
  combineQuizScores,
  cutDescription,
  fileKindOf,
  fillPositions,
  incompleteReason,
  isDropZoneFile,
  isLastPosition,
  maxUploadBytes,
  nextPosition,
  previousPosition,
  readSurveyResult,
  readUploadSlots,
  safeFileName,
  scoreQuiz,
} from './submissions.js';

const PDF = { ext: 'pdf', mime: 'application/pdf' };
const PNG = { ext: 'png', mime: 'image/png' };
const CFB = { ext: 'cfb', mime: 'application/x-cfb' };
const DOCX = { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };

describe('quiz score', () => {
  const key = { q1: 'a', q2: 'b', q3: 'c', q4: 'd' };

  it('is correct / answered, unanswered questions not counted', () => {
    expect(scoreQuiz({ q1: 'a', q2: 'x' }, key)).toEqual({ correct: 1, answered: 2, score: 0.5 });
    expect(scoreQuiz({ q1: 'a', q2: 'b', q3: 'c', q4: 'x' }, key).score).toBe(0.75);
  });

  it('compares only the first selected value', () => {
    expect(scoreQuiz({ q1: ['a', 'x'], q2: ['x', 'b'] }, key)).toEqual({ correct: 1, answered: 2, score: 0.5 });
    expect(scoreQuiz({ q1: ['a'] }, { q1: ['a', 'b'] }).score).toBe(1);
  });

  it('counts empty answers as unanswered and answers 0 when nothing is answered', () => {
    expect(scoreQuiz({ q1: '', q2: [], q3: null }, key)).toEqual({ correct: 0, answered: 0, score: 0 });
    expect(scoreQuiz(undefined, key).score).toBe(0);
    expect(scoreQuiz({ other: 'a' }, key).answered).toBe(0);
  });

  it('compares numbers and their text alike', () => {
    expect(scoreQuiz({ q1: 3 }, { q1: '3' }).score).toBe(1);
  });

  it('combines several quiz steps by their counts', () => {
    expect(
      combineQuizScores([
        { correct: 1, answered: 2, score: 0.5 },
        { correct: 2, answered: 2, score: 1 },
      ]),
    ).toEqual({ correct: 3, answered: 4, score: 0.75 });
    expect(combineQuizScores([])).toBeUndefined();
  });
});

describe('file kinds', () => {
  it('needs the bytes and the extension to agree', () => {
    expect(fileKindOf(PDF, 'report.PDF')).toBe('pdf');
    expect(fileKindOf(PDF, 'report.png')).toBeUndefined();
    expect(fileKindOf(undefined, 'virus.pdf')).toBeUndefined();
    expect(fileKindOf({ ext: 'exe', mime: 'application/x-msdownload' }, 'virus.pdf')).toBeUndefined();
    expect(fileKindOf(PNG, 'photo.png')).toBe('image');
    expect(fileKindOf(DOCX, 'letter.docx')).toBe('word');
  });

  it('tells old Word from old Excel by the extension only', () => {
    expect(fileKindOf(CFB, 'a.doc')).toBe('word');
    expect(fileKindOf(CFB, 'a.xls')).toBe('excel');
    expect(fileKindOf(CFB, 'a.pdf')).toBeUndefined();
  });

  it('takes the drop zone types only', () => {
    expect(isDropZoneFile(PNG, 'a.png')).toBe(true);
    expect(isDropZoneFile({ ext: 'mp4', mime: 'video/mp4' }, 'clip.mp4')).toBe(true);
    expect(isDropZoneFile(PDF, 'a.pdf')).toBe(false);
    expect(isDropZoneFile({ ext: 'gif', mime: 'image/gif' }, 'a.gif')).toBe(false);
    expect(isDropZoneFile(CFB, 'a.doc')).toBe(false);
  });

  it('limits sizes per purpose and slot', () => {
    expect(maxUploadBytes('library')).toBe(3 * 1024 * 1024);
    expect(maxUploadBytes('submission')).toBe(5 * 1024 * 1024);
    expect(maxUploadBytes('submission', { dimensions: 1000 })).toBe(1000);
    expect(maxUploadBytes('submission', { dimensions: 50 * 1024 * 1024 })).toBe(5 * 1024 * 1024);
    expect(acceptedKinds('submission', { file_type: 'excel' })).toEqual(['excel']);
  });

  it('cuts descriptions at 1024 characters', () => {
    expect(cutDescription('x'.repeat(2000))).toHaveLength(1024);
    expect(Array.from(cutDescription('é'.repeat(1500)))).toHaveLength(1024);
    expect(cutDescription(undefined)).toBe('');
  });

  it('makes file names safe: no folders, control characters or quotes', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\cv.pdf')).toBe('cv.pdf');
    expect(safeFileName('a\u0000b\r\nc.pdf')).toBe('ab c.pdf');
    expect(safeFileName('"evil".pdf')).toBe('evil.pdf');
    expect(safeFileName('rapport\u202Efdp.exe')).toBe('rapportfdp.exe');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('')).toBe('file');
    const long = safeFileName(`${'a'.repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('upload slots', () => {
  it('reads {slots} or a bare list and drops bad entries', () => {
    const slot = { file_name: 'Budget', file_description: 'd', file_type: 'excel', dimensions: 1000, mandatory: true };
    expect(readUploadSlots({ slots: [slot, null, 3] })).toEqual([slot]);
    expect(readUploadSlots(JSON.stringify([slot]))).toEqual([slot]);
    expect(readUploadSlots('nonsense')).toEqual([]);
  });
});

describe('closing requirements', () => {
  const upload = {
    id: 'u',
    kind: 'upload',
    content: {
      slots: [
        { file_name: 'a', file_type: 'pdf', dimensions: 10, mandatory: true },
        { file_name: 'b', file_type: 'pdf', dimensions: 10, mandatory: false },
      ],
    },
  };
  const survey = {
    id: 's',
    kind: 'survey',
    content: {
      pages: [
        {
          elements: [
            { type: 'text', name: 'name', isRequired: true },
            { type: 'text', name: 'note' },
          ],
        },
      ],
    },
  };
  const quiz = {
    id: 'q',
    kind: 'quiz',
    content: {
      pages: [
        {
          elements: [
            { type: 'radiogroup', name: 'q1' },
            { type: 'radiogroup', name: 'q2' },
          ],
        },
      ],
    },
  };

  it('needs mandatory slots filled', () => {
    expect(incompleteReason(upload, undefined, new Set([1]))).toBe('upload-missing');
    expect(incompleteReason(upload, undefined, new Set([0]))).toBeUndefined();
  });

  it('needs surveys completed with required answers', () => {
    expect(incompleteReason(survey, undefined, new Set())).toBe('survey-incomplete');
    expect(incompleteReason(survey, { data: { name: 'x' }, currentPageNo: 0, completed: false }, new Set())).toBe('survey-incomplete');
    expect(incompleteReason(survey, { data: { note: 'x' }, completed: true }, new Set())).toBe('survey-incomplete');
    expect(incompleteReason(survey, JSON.stringify({ data: { name: 'x' }, completed: true }), new Set())).toBeUndefined();
  });

  it('needs a completed quiz with at least one answer', () => {
    expect(incompleteReason(quiz, { data: {}, completed: true }, new Set())).toBe('quiz-unanswered');
    expect(incompleteReason(quiz, { data: { q1: 'a' }, completed: false }, new Set())).toBe('quiz-unanswered');
    expect(incompleteReason(quiz, { data: { q1: 'a' }, completed: true }, new Set())).toBeUndefined();
  });

  it('needs a miniDyi result, valid when a validator is given', () => {
    const step = { id: 'm', kind: 'miniDyi', content: {} };
    expect(incompleteReason(step, undefined, new Set())).toBe('minidyi-missing');
    // By default the impact rules decide: an empty design is not complete.
    expect(incompleteReason(step, { selectedOutcomes: [] }, new Set())).toBe('minidyi-invalid');
    expect(incompleteReason(step, { selectedOutcomes: [] }, new Set(), () => true)).toBeUndefined();
    expect(incompleteReason(step, { selectedOutcomes: [] }, new Set(), () => false)).toBe('minidyi-invalid');
  });

  it('asks nothing of text, results and unknown steps', () => {
    for (const kind of ['text', 'results', 'custom'])
      expect(incompleteReason({ id: 'x', kind, content: null }, undefined, new Set())).toBeUndefined();
  });

  it('reads a survey result safely', () => {
    expect(readSurveyResult('not json')).toEqual({ data: {}, currentPageNo: 0, completed: false });
    expect(readSurveyResult({ data: [1], currentPageNo: -2, completed: 'yes' })).toEqual({ data: {}, currentPageNo: 0, completed: false });
  });
});

describe('fill navigation', () => {
  const positions = fillPositions(3, (i) => (i === 1 ? 3 : 0));

  it('lists steps in order with their sub-steps', () => {
    expect(positions).toEqual([
      { step: 0, sub: 0 },
      { step: 1, sub: 0 },
      { step: 1, sub: 1 },
      { step: 1, sub: 2 },
      { step: 2, sub: 0 },
    ]);
  });

  it('has no previous at the very first position and no next at the last', () => {
    expect(previousPosition(positions, { step: 0, sub: 0 })).toBeUndefined();
    expect(nextPosition(positions, { step: 0, sub: 0 })).toEqual({ step: 1, sub: 0 });
    expect(previousPosition(positions, { step: 2, sub: 0 })).toEqual({ step: 1, sub: 2 });
    expect(nextPosition(positions, { step: 2, sub: 0 })).toBeUndefined();
    expect(isLastPosition(positions, { step: 2, sub: 0 })).toBe(true);
    expect(isLastPosition(positions, { step: 1, sub: 2 })).toBe(false);
    expect(isLastPosition([], { step: 0, sub: 0 })).toBe(false);
  });
});
