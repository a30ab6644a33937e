/**
 * The comments of a TypeScript/JavaScript source, in place: every character outside a comment becomes a space
 * (newlines stay), so a search of the result finds comment text only, at its own offset and line. Strings,
 * template literals (with their `${}` code) and regular expression literals are code, so a runtime URL such as
 * 'http://host/docs/x' or a `//` inside a string or a regex is not taken for a comment.
 */

/** Punctuators after which a `/` starts a regular expression rather than a division. */
const BEFORE_REGEX = new Set('(,=:[!&|?{};+-*%<>~^'.split(''));
const KEYWORDS_BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
]);

type Mode = 'code' | 'template';

class Scanner {
  private readonly out: string[];
  private i = 0;
  /** Per open `${`: how many `{` of the embedded code are open. */
  private readonly templates: number[] = [];
  /** The last code token: a punctuator, or a word (identifier, keyword, number), or '' at the start. */
  private last = '';

  constructor(private readonly source: string) {
    this.out = Array.from(source, (c) => (c === '\n' ? '\n' : ' '));
  }

  run(): string {
    let mode: Mode = 'code';
    while (this.i < this.source.length) mode = mode === 'code' ? this.code() : this.template();
    return this.out.join('');
  }

  private keep(from: number, to: number): void {
    for (let k = from; k < to; k++) this.out[k] = this.source[k] ?? ' ';
  }

  private code(): Mode {
    const s = this.source;
    const c = s[this.i] ?? '';
    const next = s[this.i + 1];
    if (c === '/' && next === '/') {
      const end = s.indexOf('\n', this.i);
      const stop = end === -1 ? s.length : end;
      this.keep(this.i, stop);
      this.i = stop;
    } else if (c === '/' && next === '*') {
      const end = s.indexOf('*/', this.i + 2);
      const stop = end === -1 ? s.length : end + 2;
      this.keep(this.i, stop);
      this.i = stop;
    } else if (c === "'" || c === '"') {
      this.i = this.skipQuoted(this.i + 1, c);
      this.last = 'string';
    } else if (c === '`') {
      this.i++;
      return 'template';
    } else if (c === '/' && this.regexAllowed()) {
      this.i = this.skipRegex(this.i + 1);
      this.last = 'regex';
    } else return this.codeToken(c);
    return 'code';
  }

  private codeToken(c: string): Mode {
    if (/\s/.test(c)) {
      this.i++;
      return 'code';
    }
    const word = /^[\w$]+/.exec(this.source.slice(this.i, this.i + 64));
    if (word) {
      this.last = word[0];
      this.i += word[0].length;
      return 'code';
    }
    this.i++;
    this.last = c;
    const open = this.templates.length - 1;
    if (open < 0) return 'code';
    if (c === '{') this.templates[open] = (this.templates[open] ?? 0) + 1;
    if (c === '}') {
      if (this.templates[open] === 0) {
        this.templates.pop();
        return 'template';
      }
      this.templates[open] = (this.templates[open] ?? 1) - 1;
    }
    return 'code';
  }

  private template(): Mode {
    const s = this.source;
    while (this.i < s.length) {
      const c = s[this.i];
      if (c === '\\') this.i += 2;
      else if (c === '`') {
        this.i++;
        this.last = 'string';
        return 'code';
      } else if (c === '$' && s[this.i + 1] === '{') {
        this.i += 2;
        this.templates.push(0);
        this.last = '{';
        return 'code';
      } else this.i++;
    }
    return 'code';
  }

  private regexAllowed(): boolean {
    return this.last === '' || BEFORE_REGEX.has(this.last) || KEYWORDS_BEFORE_REGEX.has(this.last);
  }

  private skipQuoted(from: number, quote: string): number {
    let k = from;
    while (k < this.source.length && this.source[k] !== quote && this.source[k] !== '\n') {
      k += this.source[k] === '\\' ? 2 : 1;
    }
    return k + 1;
  }

  private skipRegex(from: number): number {
    let k = from;
    let inClass = false;
    while (k < this.source.length && this.source[k] !== '\n') {
      const c = this.source[k];
      if (c === '\\') k++;
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) break;
      k++;
    }
    k++;
    while (/[a-z]/.test(this.source[k] ?? '')) k++;
    return k;
  }
}

export function commentText(source: string): string {
  return new Scanner(source).run();
}
