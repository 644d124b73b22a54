import { describe, expect, it } from 'vitest';
import {
  buttonHtmlSnippet,
  detectLogoKind,
  escapeHtml,
  isReturnUrl,
  payNameProblem,
} from './merchant-buttons';

describe('detectLogoKind', () => {
  it('tells PNG and JPEG by their first bytes, and nothing else', () => {
    expect(
      detectLogoKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
    ).toBe('png');
    expect(detectLogoKind(Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
    const text = (value: string) => new TextEncoder().encode(value);
    expect(detectLogoKind(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectLogoKind(text('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(detectLogoKind(text('GIF89a'))).toBeNull();
    expect(detectLogoKind(text('%PDF-1.7'))).toBeNull();
    expect(detectLogoKind(Uint8Array.from([0x89, 0x50, 0x4e]))).toBeNull();
    expect(detectLogoKind(new Uint8Array(0))).toBeNull();
  });
});

describe('payNameProblem', () => {
  it.each(['abc', 'green-bakery', 'a1-b2-c3', 'x'.repeat(32), '123'])('accepts %s', (name) => {
    expect(payNameProblem(name)).toBeNull();
  });
  it.each(['ab', 'x'.repeat(33), 'Green', '-abc', 'abc-', 'a--b', 'a_b', 'ab c', 'ăbc', 'abc\n'])(
    'refuses the shape of %j',
    (name) => {
      expect(payNameProblem(name)).toBe('format');
    },
  );
  it('refuses reserved names', () => {
    expect(payNameProblem('admin')).toBe('reserved');
    expect(payNameProblem('support')).toBe('reserved');
  });
});

describe('isReturnUrl', () => {
  it('takes http(s) addresses with a host and no credentials', () => {
    expect(isReturnUrl('https://shop.example/thanks?order=1')).toBe(true);
    expect(isReturnUrl('http://localhost:3000/')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://shop.example/',
      '//shop.example/',
      '/thanks',
      'https://user:pass@shop.example/',
      `https://shop.example/${'a'.repeat(2048)}`,
    ])
      expect(isReturnUrl(bad), bad).toBe(false);
  });
});

describe('buttonHtmlSnippet', () => {
  it('escapes the label and the link', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    const snippet = buttonHtmlSnippet(
      'https://bank.example/pay/button/abc?x=1&y="2"',
      '<Pay> "now"',
    );
    expect(snippet).toMatch(
      /^<a href="https:\/\/bank\.example\/pay\/button\/abc\?x=1&amp;y=&quot;2&quot;" /,
    );
    expect(snippet).toContain('>&lt;Pay&gt; &quot;now&quot;</a>');
    expect(snippet).toContain('rel="noopener"');
  });
});
