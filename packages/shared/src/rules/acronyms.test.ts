import { describe, expect, it } from 'vitest';
import {
  ACRONYM_KEY_RE,
  COMMON_ACRONYMS,
  SEPARATORS_SQL,
  acronymKey,
  acronymLoop,
  acronymMap,
  expandWord,
  matchesEveryWord,
  textHasTerm,
  wordAlternatives,
} from './acronyms';
import { normalizeText } from './diacritics';

const common = acronymMap(COMMON_ACRONYMS);

describe('acronym keys (one token, case and diacritics insensitive)', () => {
  const keys: [string, string, boolean][] = [
    ['SA', 'sa', true],
    ['sa', 'sa', true],
    ['ĐTĐ', 'dtd', true],
    ['đtđ', 'dtd', true],
    ['  XN ', 'xn', true],
    ['CT64', 'ct64', true],
    ['S A', 's a', false],
    ['X-Q', 'x-q', false],
    ['SA.', 'sa.', false],
  ];
  it.each(keys)('%s → %s (one token: %s)', (typed, key, valid) => {
    expect(acronymKey(typed)).toBe(key);
    expect(ACRONYM_KEY_RE.test(typed.trim())).toBe(valid);
  });
});

describe('expansion of a search word (longest match, no recursion)', () => {
  const map = acronymMap([
    ['SA', 'Siêu âm'],
    ['MR', 'Mạch rời'],
    ['MRI', 'Cộng hưởng từ'],
    ['XN', 'Xét nghiệm'],
    ['XN1', 'Xét nghiệm nhanh'],
    ['A', 'B thường'],
    ['B', 'Bệnh'],
    ['ĐTĐ', 'Điện tâm đồ'],
  ]);
  const cases: [string, string, string | null][] = [
    ['the whole word is a key', 'sa', 'sieu am'],
    ['typed with diacritics and capitals (normalised first)', normalizeText('ĐTĐ'), 'dien tam do'],
    ['the longer key wins over its prefix', 'mri', 'cong huong tu'],
    ['the shorter key alone', 'mr', 'mach roi'],
    ['a key followed by a number', 'mri3', 'cong huong tu 3'],
    ['the longest key before the number', 'xn12', 'xet nghiem nhanh 2'],
    ['a shorter key before a number', 'xn2', 'xet nghiem 2'],
    ['a key inside a word is not one', 'sang', null],
    ['a key followed by letters is not one', 'mrix', null],
    ['a key at the end of a word is not one', 'usa', null],
    ['not expanded twice (A → "b thuong", B not expanded)', 'a', 'b thuong'],
    ['no key', 'bung', null],
    ['an empty word', '', null],
  ];
  it.each(cases)('%s: %s → %s', (_name, word, expected) => {
    expect(expandWord(word, map)).toBe(expected);
  });

  const any = (text: string) => ({ text, wholeWord: false });
  it('"sa bung": sa may also be "sieu am" (sa itself as a whole word, being under 3 letters), bung only itself', () => {
    expect(wordAlternatives(['sa', 'bung'], common)).toEqual([[{ text: 'sa', wholeWord: true }, any('sieu am')], [any('bung')]]);
  });
  it('a key of 3 letters or more, or a key with a number, matches itself anywhere', () => {
    expect(wordAlternatives(['ctm', 'ct64'], common)).toEqual([
      [any('ctm'), any('cong thuc mau')],
      [any('ct64'), any('chup cat lop vi tinh 64')],
    ]);
  });
  it('no acronyms: every word only itself, anywhere', () => {
    expect(wordAlternatives(['sa', 'bung'], new Map())).toEqual([[any('sa')], [any('bung')]]);
  });
});

describe('loops (A → B, B → A) are found', () => {
  const others = (pairs: [string, string][]) => acronymMap(pairs);
  const cases: [string, string, string, [string, string][], string[] | null][] = [
    ['none', 'SA', 'Siêu âm', [['XN', 'Xét nghiệm']], null],
    ['two keys pointing at each other', 'A', 'chụp B', [['B', 'nội soi A']], ['a', 'b', 'a']],
    [
      'a longer cycle',
      'A',
      'B nhanh',
      [
        ['B', 'C sớm'],
        ['C', 'loại A'],
      ],
      ['a', 'b', 'c', 'a'],
    ],
    ['a key in its own expansion', 'SA', 'SA tim', [], ['sa', 'sa']],
    ['a key typed with other case and diacritics', 'ĐT', 'đo dt', [], ['dt', 'dt']],
    ['punctuation splits tokens', 'A', 'chụp (B)', [['B', 'A-quang']], ['a', 'b', 'a']],
    [
      'a chain that does not come back',
      'A',
      'B',
      [
        ['B', 'C'],
        ['C', 'Xét nghiệm'],
      ],
      null,
    ],
    [
      'a cycle among the others that does not reach the new key',
      'A',
      'B',
      [
        ['B', 'C'],
        ['C', 'B'],
      ],
      null,
    ],
    ['a key as part of a word is no edge', 'A', 'Bác sĩ', [['B', 'A']], null],
    ['editing a key to expand differently breaks the old loop', 'B', 'nội soi', [['A', 'chụp B']], null],
  ];
  it.each(cases)('%s', (_name, key, expansion, rest, expected) => {
    expect(acronymLoop(key, expansion, others(rest))).toEqual(expected);
  });

  it('the common acronyms every facility starts with have no loop and no duplicate key', () => {
    const keys = COMMON_ACRONYMS.map(([k]) => acronymKey(k));
    expect(new Set(keys).size).toBe(keys.length);
    for (const [k, v] of COMMON_ACRONYMS) {
      expect(ACRONYM_KEY_RE.test(k)).toBe(true);
      const rest = acronymMap(COMMON_ACRONYMS.filter(([x]) => x !== k));
      expect(acronymLoop(k, v, rest)).toBeNull();
    }
  });
});

describe("matching a text in memory (a patient's results)", () => {
  const text = normalizeText('Siêu âm ổ bụng tổng quát: gan nhiễm mỡ độ I');
  const cases: [string, string[], boolean][] = [
    ['"sa bung" through the acronym', ['sa', 'bung'], true],
    ['the words themselves', ['sieu', 'gan'], true],
    ['a word missing', ['sa', 'tim'], false],
    ['an acronym the text does not expand to', ['xn'], false],
    ['nothing typed', [], true],
  ];
  it.each(cases)('%s', (_name, words, expected) => {
    expect(matchesEveryWord(text, wordAlternatives(words, common))).toBe(expected);
  });
});

describe('a term as a whole word', () => {
  const term = { text: 'ct', wholeWord: true };
  const cases: [string, string, boolean][] = [
    ['alone', 'ct', true],
    ['first word', 'ct so nao', true],
    ['last word', 'chup ct', true],
    ['between dashes and brackets', 'he tiet nieu (uro-ct)', true],
    ['after a slash, before a comma', 'mri/ct, xq', true],
    ['after an en dash (not a separator: ASCII only)', 'chup–ct', false],
    ['inside a word', 'doctor', false],
    ['at the start of a word', 'ctm', false],
    ['at the end of a word', 'uroct', false],
    ['followed by a digit', 'ct64', false],
  ];
  it.each(cases)('%s: %s', (_name, text, expected) => {
    expect(textHasTerm(text, term)).toBe(expected);
    expect(textHasTerm(text, { text: 'ct', wholeWord: false })).toBe(text.includes('ct'));
  });

  it('the SQL separators are the JavaScript ones (every printable ASCII character, and a Unicode dash)', () => {
    const inSql = (c: string) => {
      const cls = SEPARATORS_SQL;
      for (let i = 0; i < cls.length; i++) {
        if (cls[i + 1] === '-' && i + 2 < cls.length) {
          if (c >= cls[i]! && c <= cls[i + 2]!) return true;
          i += 2;
        } else if (cls[i] === c) return true;
      }
      return false;
    };
    const chars = [...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)), '–'];
    for (const c of chars) expect([c, inSql(c)]).toEqual([c, textHasTerm(`a${c}ct${c}b`, term)]);
  });
});
