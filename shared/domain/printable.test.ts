import { describe, expect, it } from 'vitest';
import { printableExcerpt } from './printable.js';

describe('printableExcerpt', () => {
  it('keeps the words of a page: no script, style, comment or tag', () => {
    const page =
      '<html><head><style>p{color:red}</style><script>alert(1)</script></head>' +
      '<body><!-- secret --><h1>502 Bad Gateway</h1><p>nginx</p></body></html>';
    expect(printableExcerpt(page, 200)).toBe('502 Bad Gateway nginx');
  });

  it('drops angle brackets left by a cut tag, control and invisible characters; collapses white space', () => {
    expect(printableExcerpt('ok <scr', 200)).toBe('ok scr');
    expect(printableExcerpt('a\u0000b\u001bc\u0085d\u202ee\u200bf\r\n\t g', 200)).toBe('a b c d e f g');
    expect(printableExcerpt('{"error": "bad signature"}', 200)).toBe('{"error": "bad signature"}');
  });

  it('cuts to max characters with "…", never inside a surrogate pair', () => {
    expect(printableExcerpt('x'.repeat(300), 200)).toBe(`${'x'.repeat(200)}…`);
    expect(printableExcerpt('😀'.repeat(300), 10)).toBe(`${'😀'.repeat(10)}…`);
    expect(printableExcerpt('short', 10)).toBe('short');
  });
});
