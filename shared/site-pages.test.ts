import { describe, expect, it } from 'vitest';
import { isSafeHref, markdownText, parseInline, parseMarkdown } from './site-pages';

describe('site pages markdown subset', () => {
  it('reads headings, paragraphs, lists, bold and links', () => {
    expect(
      parseMarkdown(
        '## Plans\n\nBasic gives **10 picks**\na cycle.\n\n- one\n- [two](/subscribe)\n\n1. first\n2. second',
      ),
    ).toEqual([
      { kind: 'heading', level: 2, text: 'Plans' },
      {
        kind: 'paragraph',
        inlines: [
          { kind: 'text', text: 'Basic gives ' },
          { kind: 'strong', text: '10 picks' },
          { kind: 'text', text: ' a cycle.' },
        ],
      },
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'one' }], [{ kind: 'link', text: 'two', href: '/subscribe' }]],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'first' }], [{ kind: 'text', text: 'second' }]] },
    ]);
  });

  it('keeps HTML as text and drops unsafe links to their text', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: '<script>alert(1)</script>' }] },
    ]);
    const spans = parseInline('[x](javascript:alert(1)) [y](//evil.example) [z](http://plain.example)');
    expect(spans.every((span) => span.kind === 'text')).toBe(true);
    expect(spans.map((span) => span.text).join('')).toBe('x) y z');
    expect(isSafeHref('mailto:help@example.org')).toBe(true);
    expect(isSafeHref('http://plain.example')).toBe(false);
    expect(markdownText('## A\n\n**b** [c](/d)')).toBe('A b c');
  });
});
