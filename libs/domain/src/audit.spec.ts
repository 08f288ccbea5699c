import { describe, expect, it } from 'vitest';
import { auditDiff, auditDiffIsEmpty } from './audit.js';

describe('auditDiff', () => {
  it('keeps only the changed fields, with before and after', () => {
    const d = auditDiff({ name: 'A', closingAt: '2030-01-01', open: true }, { name: 'B', closingAt: '2030-01-01', open: true });
    expect(d).toEqual({ changes: [{ path: 'name', kind: 'changed', before: 'A', after: 'B' }] });
  });

  it('says keys added and removed', () => {
    const d = auditDiff({ a: 1, gone: 'x' }, { a: 1, fresh: null });
    expect(d.changes).toEqual([
      { path: 'gone', kind: 'removed', before: 'x' },
      { path: 'fresh', kind: 'added', after: null },
    ]);
  });

  it('follows nested objects by path', () => {
    const d = auditDiff({ colors: { primary: '#000', text: '#111' } }, { colors: { primary: '#fff', text: '#111' } });
    expect(d.changes).toEqual([{ path: 'colors.primary', kind: 'changed', before: '#000', after: '#fff' }]);
  });

  it('compares arrays of objects item by item and arrays of values as one value', () => {
    const d = auditDiff(
      { steps: [{ name: 'one' }, { name: 'two' }], tags: ['a'] },
      { steps: [{ name: 'one' }, { name: 'deux' }, { name: 'three' }], tags: ['a', 'b'] },
    );
    expect(d.changes).toEqual([
      { path: 'steps[1].name', kind: 'changed', before: 'two', after: 'deux' },
      { path: 'steps[2].name', kind: 'added', after: 'three' },
      { path: 'tags', kind: 'changed', before: ['a'], after: ['a', 'b'] },
    ]);
  });

  it('writes dates as ISO text and sees equal dates as unchanged', () => {
    const at = new Date('2030-05-01T10:00:00Z');
    expect(auditDiffIsEmpty(auditDiff({ at }, { at: new Date(at.getTime()) }))).toBe(true);
    expect(auditDiff({ at }, { at: new Date('2030-05-02T10:00:00Z') }).changes[0]).toEqual({
      path: 'at',
      kind: 'changed',
      before: '2030-05-01T10:00:00.000Z',
      after: '2030-05-02T10:00:00.000Z',
    });
  });

  it('keeps long texts as their lengths only', () => {
    const html = `<p>${'x'.repeat(300)}</p>`;
    expect(auditDiff({ description: html }, { description: `${html}<p>y</p>` }).changes).toEqual([
      { path: 'description', kind: 'changed', beforeLength: html.length, afterLength: html.length + 8 },
    ]);
    expect(auditDiff({ d: 'short' }, { d: 'x'.repeat(20) }, { maxText: 10 }).changes).toEqual([
      { path: 'd', kind: 'changed', before: 'short', afterLength: 20 },
    ]);
  });

  it('ignores bookkeeping keys and undefined values', () => {
    expect(auditDiffIsEmpty(auditDiff({ version: 1, updatedAt: 'a', x: undefined }, { version: 2, updatedAt: 'b' }))).toBe(true);
    expect(auditDiff({ version: 1 }, { version: 2 }, { ignore: [] }).changes).toHaveLength(1);
  });

  it('lists every field of a record created or deleted', () => {
    expect(auditDiff(undefined, { name: 'N', version: 1, steps: [] }).changes).toEqual([
      { path: 'name', kind: 'added', after: 'N' },
      { path: 'steps', kind: 'added', after: [] },
    ]);
    expect(auditDiff({ name: 'N' }, null).changes).toEqual([{ path: 'name', kind: 'removed', before: 'N' }]);
  });

  it('lists the fields of a nested object added or removed, long texts in it by their length', () => {
    const html = 'h'.repeat(300);
    expect(auditDiff({ texts: {} }, { texts: { it: { landingHtml: html, listName: 'L' } } }).changes).toEqual([
      { path: 'texts.it.landingHtml', kind: 'added', afterLength: 300 },
      { path: 'texts.it.listName', kind: 'added', after: 'L' },
    ]);
    expect(auditDiff({ steps: [{ name: 'a' }] }, {}).changes).toEqual([{ path: 'steps[0].name', kind: 'removed', before: 'a' }]);
    expect(auditDiff({ v: 'x' }, { v: { body: html } }).changes).toEqual([
      { path: 'v', kind: 'changed', before: 'x', after: { body: '[300 characters]' } },
    ]);
  });

  it('changes of type are one change', () => {
    expect(auditDiff({ v: { a: 1 } }, { v: 'text' }).changes).toEqual([{ path: 'v', kind: 'changed', before: { a: 1 }, after: 'text' }]);
  });

  it('keeps at most maxChanges changes and counts the others', () => {
    const before = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i]));
    const after = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i + 1]));
    const d = auditDiff(before, after, { maxChanges: 3 });
    expect(d.changes).toHaveLength(3);
    expect(d.more).toBe(7);
  });
});
