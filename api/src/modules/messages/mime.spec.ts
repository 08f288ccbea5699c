import { simpleParser } from 'mailparser';
import { composeMime, headerValue, plainAddress } from './mime.js';

const base = {
  from: 'Impact Calls <no-reply@example.org>',
  to: 'ada@example.org',
  subject: 'Conferma di invio: «Città sostenibili» 🌱',
  text: 'Gentile Ada,\nla domanda è stata inviata.\n',
  html: '<p>Gentile <b>Ada</b>, la domanda è stata inviata.</p>',
  messageId: '<3f0c@example.org>',
  headers: { 'Content-Language': 'it', 'Auto-Submitted': 'auto-generated' },
};

describe('MIME of a message without attachments', () => {
  it('is read back by a mail parser: addresses, subject, both bodies, headers', async () => {
    const composed = composeMime({ ...base, cc: 'contact@org.example', date: new Date('2026-11-24T10:00:00Z') })!;
    expect(composed.envelope).toEqual({ from: 'no-reply@example.org', to: ['ada@example.org', 'contact@org.example'] });
    const parsed = await simpleParser(composed.raw);
    expect(parsed.from?.value).toEqual([{ name: 'Impact Calls', address: 'no-reply@example.org' }]);
    expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.value[0].address).toBe('ada@example.org');
    expect(parsed.cc && !Array.isArray(parsed.cc) && parsed.cc.value[0].address).toBe('contact@org.example');
    expect(parsed.subject).toBe(base.subject);
    expect(parsed.text).toBe(base.text);
    expect(parsed.html).toBe(base.html);
    expect(parsed.messageId).toBe(base.messageId);
    expect(parsed.date?.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(parsed.headers.get('content-language')).toBe('it');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    // Lines stay within SMTP's limit.
    expect(
      Math.max(
        ...composed.raw
          .toString()
          .split('\r\n')
          .map((l) => l.length),
      ),
    ).toBeLessThanOrEqual(78);
  });

  it('keeps long and non-Latin subjects whole (encoded words never split a character)', async () => {
    for (const subject of ['Ж'.repeat(200), `${'a'.repeat(100)} ü ${'日本語'.repeat(30)}`, 'plain =?not-a-word?= subject']) {
      const parsed = await simpleParser(composeMime({ ...base, subject })!.raw);
      expect(parsed.subject).toBe(subject);
    }
    expect(headerValue('Plain subject')).toBe('Plain subject');
    expect(headerValue('Two\r\nlines')).toBe('Two lines');
  });

  it('leaves to nodemailer what it does not write: addresses that are not plain ASCII, several recipients, odd names', () => {
    expect(composeMime({ ...base, to: 'josé@exämple.org' })).toBeUndefined();
    expect(composeMime({ ...base, from: 'Città <no-reply@example.org>' })).toBeUndefined();
    expect(composeMime({ ...base, cc: 'a@example.org, b@example.org' })).toBeUndefined();
    expect(plainAddress('"Quoted, Name" <a@example.org>')).toBeUndefined();
    expect(plainAddress('not an address')).toBeUndefined();
    expect(plainAddress(' Bench <bench@example.org> ')).toEqual({ address: 'bench@example.org', header: '"Bench" <bench@example.org>' });
  });
});
