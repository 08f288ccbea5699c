import { createRequire } from 'node:module';
import sanitizeHtml from 'sanitize-html';

// htmlparser2 by require(), as sanitize-html (CommonJS) loads it: with a static import beside
// sanitize-html's, Jest's require(esm) sees one module reached twice while the graph is linked
// and refuses it as a cycle.
const { Parser } = createRequire(import.meta.url)('htmlparser2') as typeof import('htmlparser2');
import { badRequest } from '../http/app-error.js';

const FORBIDDEN_TAGS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'form',
  'svg',
  'math',
  'template',
  'noscript',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster', 'srcset', 'data']);
const DANGEROUS_URL = /^(javascript|vbscript|data:text\/html|data:image\/svg)/i;

/** The first dangerous construct in the HTML (script, event handler, javascript: URL, frame...), if any. */
export function findUnsafeHtml(html: string): string | undefined {
  let found: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (found) return;
        if (FORBIDDEN_TAGS.has(name)) found = `<${name}>`;
        for (const [attr, value] of Object.entries(attributes)) {
          if (found) break;
          if (attr.startsWith('on')) found = `${attr} attribute`;
          else if (attr === 'srcdoc') found = 'srcdoc attribute';
          // Browsers ignore control characters and spaces inside a scheme: strip them before checking.
          // eslint-disable-next-line no-control-regex
          else if (URL_ATTRIBUTES.has(attr) && DANGEROUS_URL.test(value.replace(/[\u0000-\u0020]/g, '')))
            found = `${attr}="${value.slice(0, 20)}"`;
          else if (attr === 'style' && /expression\s*\(|url\s*\(\s*['"]?\s*javascript/i.test(value)) found = 'style with script';
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

const ALLOWED: sanitizeHtml.IOptions = {
  // The defaults hold the headings, figures and inline formatting already.
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'del', 'ins'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['class', 'id', 'lang', 'dir', 'colspan', 'rowspan', 'align'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
};

/** Allowlist sanitizing of administrators' rich HTML. */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

/** Rich HTML from a client: 400 `errors.unsafe-html` naming what is dangerous (so the author knows), then sanitized anyway. */
export function cleanRichHtml(field: string, html: string | undefined | null): string {
  if (!html) return '';
  const unsafe = findUnsafeHtml(html);
  if (unsafe) {
    throw badRequest('errors.unsafe-html', `${field} contains HTML that is not allowed (${unsafe})`, {
      errors: { [field]: `not allowed: ${unsafe}` },
    });
  }
  return sanitizeRichHtml(html);
}
