import { describe, expect, it } from 'vitest';
import { defang, escapeHtml, visitorTextHtml } from './mail.js';

describe('visitor text in mail', () => {
  it('brackets what would make a name a link: scheme, dots between word characters, @', () => {
    expect(defang('http://evil.example')).toBe('http[:]//evil[.]example');
    expect(defang('www.evil.example/x')).toBe('www[.]evil[.]example/x');
    expect(defang('mallory@evil.example')).toBe('mallory[at]evil[.]example');
    expect(defang('evil。example')).toBe('evil[.]example');
    expect(defang('javascript: //x')).toBe('javascript[:] //x');
  });

  it('leaves ordinary names alone', () => {
    for (const name of ['Rita', 'J. Smith', "O'Brien", 'Zoë-Ann', 'Dr.', '李 小龍'])
      expect(defang(name)).toBe(name);
  });

  it('escapes after defanging for the HTML part', () => {
    expect(visitorTextHtml('<a href="http://x.y">hi</a>')).toBe(
      escapeHtml('<a href="http[:]//x[.]y">hi</a>'),
    );
    expect(visitorTextHtml('<b>Ann</b>')).toBe('&lt;b&gt;Ann&lt;/b&gt;');
  });
});
