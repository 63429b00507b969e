import { describe, expect, it } from 'vitest';
import { extractHashtags, extractMentions, firstLine, MENTIONS_MAX, parseRichText } from './index.js';

const kinds = (text: string) => parseRichText(text).map((p) => [p.kind, p.text]);

describe('rich text', () => {
  it('finds mentions, but not in email addresses, and without the punctuation around them', () => {
    expect(extractMentions('Write to nika@example.com or @nika_10, (@Lasha.G) and @dato.')).toEqual([
      'nika_10',
      'lasha.g',
      'dato',
    ]);
    expect(extractMentions('@ab is too short, @x')).toEqual([]);
    expect(extractMentions(`@${'a'.repeat(31)} is too long`)).toEqual([]);
    expect(extractMentions('"@nika!" @nika? @NIKA')).toEqual(['nika']);
  });

  it('reads Georgian nicknames and hashtags', () => {
    expect(extractMentions('გილოცავ @ნიკა_10! და @გიორგი.')).toEqual(['ნიკა_10', 'გიორგი']);
    expect(extractHashtags('#დინამო #DinTor, #DINTOR #2024 #_x #10წელი')).toEqual(['დინამო', 'dintor', '_x', '10წელი']);
  });

  it('keeps at most ten mentions: the eleventh is plain text', () => {
    const text = Array.from({ length: 11 }, (_, i) => `@fan_${i}`).join(' ');
    const handles = extractMentions(text);
    expect(handles).toHaveLength(MENTIONS_MAX);
    expect(handles).not.toContain('fan_10');
  });

  it('links http and https only, without trailing punctuation, and not a URL fragment as a hashtag', () => {
    expect(kinds('See https://burti.ge/tag/x#top. Or (https://en.wikipedia.org/wiki/Dinamo_(Tbilisi)).')).toEqual([
      ['text', 'See '],
      ['link', 'https://burti.ge/tag/x#top'],
      ['text', '. Or ('],
      ['link', 'https://en.wikipedia.org/wiki/Dinamo_(Tbilisi)'],
      ['text', ').'],
    ]);
    expect(kinds('javascript:alert(1) ftp://x.ge <b>hi</b>')).toEqual([
      ['text', 'javascript:alert(1) ftp://x.ge <b>hi</b>'],
    ]);
  });

  it('keeps the text whole: the parts join back to it', () => {
    const text = 'Hi @nika, #DinTor https://x.ge! a@b.ge';
    expect(
      parseRichText(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it("previews a text's first non-blank line, cut to 80 characters where an emoji or a Georgian letter is one", () => {
    expect(firstLine(null)).toBeNull();
    expect(firstLine(' \n\n  ')).toBeNull();
    expect(firstLine('\n  დინამო თბილისი!  \nsecond line')).toBe('დინამო თბილისი!');
    const eighty = 'ა'.repeat(79) + '⚽';
    expect(firstLine(eighty)).toBe(eighty);
    // 80 emoji are 160 UTF-16 units but 80 characters: kept whole.
    expect(firstLine('🏆'.repeat(80))).toBe('🏆'.repeat(80));
    expect(firstLine('🏆'.repeat(81))).toBe('🏆'.repeat(79) + '…');
    expect(firstLine('🏆'.repeat(500))).toBe('🏆'.repeat(79) + '…');
    expect(firstLine('a'.repeat(81))).toBe('a'.repeat(79) + '…');
    expect(firstLine('გ'.repeat(300), 10)).toBe('გ'.repeat(9) + '…');
    // A cut never leaves half of an emoji.
    expect(firstLine('a' + '🏆'.repeat(100), 10)).toBe('a' + '🏆'.repeat(8) + '…');
  });
});
