import { describe, expect, it } from 'vitest';
import { clearDraft, clearDrafts, readDraft, startingPoint, writeDraft } from './drafts';

describe('answer drafts', () => {
  it('survive in localStorage until cleared', () => {
    writeDraft('s1', 'a', { content: { data: { x: 1 } }, baseVersion: 2, at: 5 });
    writeDraft('s1', 'b', { content: { data: {} }, baseVersion: 0, at: 5 });
    writeDraft('s2', 'a', { content: { data: {} }, baseVersion: 0, at: 5 });
    expect(readDraft('s1', 'a')).toEqual({ content: { data: { x: 1 } }, baseVersion: 2, at: 5 });
    clearDraft('s1', 'a');
    expect(readDraft('s1', 'a')).toBeUndefined();
    clearDrafts('s1');
    expect(readDraft('s1', 'b')).toBeUndefined();
    expect(readDraft('s2', 'a')).toBeDefined();
  });

  it('ignore broken entries', () => {
    localStorage.setItem('ic_fill_draft:s:x', '{nope');
    expect(readDraft('s', 'x')).toBeUndefined();
    localStorage.setItem('ic_fill_draft:s:y', JSON.stringify({ content: 3, baseVersion: 1 }));
    expect(readDraft('s', 'y')).toBeUndefined();
  });

  it('start from the draft made on the saved version, else from the saved answers', () => {
    const saved = { content: { data: { x: 1 } }, version: 3 };
    expect(startingPoint(undefined, saved)).toEqual({ content: saved.content, version: 3, unsaved: false, conflict: false });
    expect(startingPoint({ content: { data: { x: 2 } }, baseVersion: 3, at: 0 }, saved)).toEqual({
      content: { data: { x: 2 } },
      version: 3,
      unsaved: true,
      conflict: false,
    });
    expect(startingPoint({ content: { data: { x: 2 } }, baseVersion: 2, at: 0 }, saved)).toEqual({
      content: saved.content,
      version: 3,
      unsaved: false,
      conflict: true,
      draft: { data: { x: 2 } },
    });
    expect(startingPoint({ content: { data: { x: 1 } }, baseVersion: 1, at: 0 }, saved).conflict).toBe(false);
    expect(startingPoint({ content: { data: { y: 1 } }, baseVersion: 0, at: 0 }, undefined)).toMatchObject({ unsaved: true, version: 0 });
  });
});
