import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { coverVersion, escapeXml, renderCoverSvg, wrapText } from './cover-svg';

describe('renderCoverSvg', () => {
  it('is deterministic and varies with the title and category', () => {
    const input = { title: 'Meditations', author: 'Marcus Aurelius', category: 'Philosophy' };
    expect(renderCoverSvg(input)).toBe(renderCoverSvg({ ...input }));
    expect(renderCoverSvg({ ...input, title: 'Meditations II' })).not.toBe(renderCoverSvg(input));
    const philosophy = renderCoverSvg(input);
    const business = renderCoverSvg({ ...input, category: 'Business' });
    const background = (svg: string) => /<rect width="200" height="280" fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    expect(background(philosophy)).not.toBe(background(business));
    expect(coverVersion(input)).toBe(coverVersion({ ...input }));
    expect(coverVersion({ ...input, author: 'M. Aurelius' })).not.toBe(coverVersion(input));
  });

  it('never lets text become markup, whatever the input', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.option(fc.string(), { nil: null }), (title, author, category) => {
        const svg = renderCoverSvg({ title, author, category });
        expect(svg.match(/<svg\b/g)).toHaveLength(1);
        expect(svg).not.toMatch(/<(script|foreignObject|image|a)\b/i);
        // No event-handler attribute: look at attribute names only (values and text may say "on0=").
        const tags = svg.replace(/="[^"]*"/g, '=""').match(/<[^>]*>/g) ?? [];
        expect(tags.filter((tag) => /\son\w*\s*=/i.test(tag))).toEqual([]);
        expect(svg.endsWith('</svg>')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('escapeXml', () => {
  it('escapes markup characters and drops characters XML forbids', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(escapeXml('bell\u0007 nul\u0000 lone\ud800 ok📚')).toBe('bell nul lone ok📚');
  });
});

describe('wrapText', () => {
  it('wraps on words, splits over-long words and ends a cut text with an ellipsis', () => {
    expect(wrapText('The Art of War', 14, 5)).toEqual(['The Art of War']);
    expect(wrapText('How to Win Friends and Influence People', 14, 5)).toEqual([
      'How to Win',
      'Friends and',
      'Influence',
      'People',
    ]);
    expect(wrapText('Supercalifragilisticexpialidocious', 10, 5)).toEqual([
      'Supercalif',
      'ragilistic',
      'expialidoc',
      'ious',
    ]);
    const cut = wrapText('one two three four five six seven eight nine ten', 9, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1].endsWith('…')).toBe(true);
    expect(wrapText('', 10, 3)).toEqual([]);
  });
});
