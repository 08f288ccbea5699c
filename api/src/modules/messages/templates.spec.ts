import {
  checkPlaceholders,
  fill,
  htmlToText,
  placeholdersIn,
  render,
  BUILT_IN_TEMPLATES,
  PLACEHOLDERS,
  TEMPLATE_KINDS,
} from './templates.js';

describe('message templates', () => {
  it('escapes values in HTML, but not the product-made summary, and keeps them plain in text', () => {
    const values = { recipientName: '<b>Eve</b> & co', answersSummary: '<table><tr><td>x</td></tr></table>' };
    expect(fill('<p>{{recipientName}}</p>{{ answersSummary }}', values, true)).toBe(
      '<p>&lt;b&gt;Eve&lt;/b&gt; &amp; co</p><table><tr><td>x</td></tr></table>',
    );
    expect(fill('Hi {{recipientName}}', values, false)).toBe('Hi <b>Eve</b> & co');
  });

  it('refuses an unknown placeholder naming the field, and HTML values in a subject', () => {
    expect(() => checkPlaceholders('deadline-reminder', { subject: '{{callName}}', html: '<p>{{recapUrl}}</p>' })).toThrow(/recapUrl/);
    expect(() => checkPlaceholders('submission-confirmation', { subject: '{{answersSummary}}' })).toThrow(/subject/);
    expect(() => checkPlaceholders('custom', { subject: 'Hi {{recipientName}}', body: '<p>{{callName}}</p>' })).not.toThrow();
  });

  it('every built-in template uses only its own placeholders, in every language', () => {
    for (const kind of TEMPLATE_KINDS) {
      for (const [language, t] of Object.entries(BUILT_IN_TEMPLATES[kind])) {
        for (const p of [...placeholdersIn(t.subject), ...placeholdersIn(t.html)])
          expect([kind, language, PLACEHOLDERS[kind].includes(p)]).toEqual([kind, language, true]);
      }
    }
  });

  it('makes a readable text part: paragraphs, links, lists, entities', () => {
    const text = htmlToText(
      '<p>Dear Ada,</p><p>see <a href="https://x.test/r">your recap</a> &amp; more.</p><ul><li>one</li><li>two</li></ul><p>a<br>b</p>',
    );
    expect(text).toBe('Dear Ada,\n\nsee your recap (https://x.test/r) & more.\n\n- one\n- two\n\na\nb');
  });

  it('renders subject, branded HTML and text in the language asked', () => {
    const r = render(
      'it',
      { subject: 'Promemoria {{callName}}\r\nX', html: '<p>{{callName}}</p>' },
      { callName: 'Bando <1>' },
      { name: 'Fondazione', logo: null, logoWidth: 50, logoHeight: 50 },
    );
    expect(r.subject).toBe('Promemoria Bando <1> X');
    expect(r.html).toContain('<html lang="it">');
    expect(r.html).toContain('<p>Bando &lt;1&gt;</p>');
    expect(r.text).toBe('Bando <1>\n\n-- \nQuesto messaggio è stato inviato da Fondazione.');
  });
});
