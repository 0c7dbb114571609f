import { and, sql } from 'drizzle-orm';
import { PgDialect, integer, pgTable, text, type PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { acronymMap } from '@portal/shared/rules/acronyms';
import { SEARCH_MAX_WORDS, everyWordConditions, searchAlternatives, searchWords, selectiveWordConds } from './search';
import { normalizeText } from '@portal/shared/rules/diacritics';

const t = pgTable('t', { id: integer('id'), searchText: text('search_text'), codeSearch: text('code_search') });
const render = (q: string | undefined, columns: PgColumn[] = [t.searchText]) => {
  const where = and(...everyWordConditions(columns, q));
  return where ? new PgDialect().sqlToQuery(where) : null;
};

describe('the every-word search (spec §5)', () => {
  const words: [string, string | undefined, string[]][] = [
    ['without diacritics, any case', 'Nguyễn ĐỨC', ['nguyen', 'duc']],
    ['several words, extra spaces', '  khám   tổng  quát ', ['kham', 'tong', 'quat']],
    ['nothing typed', undefined, []],
    ['only spaces', '   ', []],
    ['at most the first words', 'a b c d e f g h i j', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']],
  ];
  it.each(words)('words: %s', (_name, q, expected) => {
    expect(searchWords(q)).toEqual(expected);
    expect(expected.length).toBeLessThanOrEqual(SEARCH_MAX_WORDS);
  });

  it('each word must appear: one LIKE per word, joined by AND', () => {
    const q = render('Trần Văn')!;
    expect(q.sql).toBe('("t"."search_text" LIKE $1 and "t"."search_text" LIKE $2)');
    expect(q.params).toEqual(['%tran%', '%van%']);
  });

  it('a word may appear in any of several columns', () => {
    const q = render('dv01 siêu', [t.codeSearch, t.searchText])!;
    expect(q.sql).toBe('(("t"."code_search" LIKE $1 OR "t"."search_text" LIKE $2) and ("t"."code_search" LIKE $3 OR "t"."search_text" LIKE $4))');
    expect(q.params).toEqual(['%dv01%', '%dv01%', '%sieu%', '%sieu%']);
  });

  it('a word that is an acronym matches itself (a 2-letter key as a whole word) or its expansion, in any column', () => {
    const acronyms = acronymMap([['SA', 'Siêu âm']]);
    const where = and(...everyWordConditions([t.codeSearch, t.searchText], 'SA bụng', acronyms))!;
    const q = new PgDialect().sqlToQuery(where);
    expect(q.sql).toBe(
      '(("t"."code_search" ~ $1 OR "t"."search_text" ~ $2 OR "t"."code_search" LIKE $3 OR "t"."search_text" LIKE $4) and ("t"."code_search" LIKE $5 OR "t"."search_text" LIKE $6))',
    );
    const word = '(^|[ -/:-@[-`{-~])sa([ -/:-@[-`{-~]|$)';
    expect(q.params).toEqual([word, word, '%sieu am%', '%sieu am%', '%bung%', '%bung%']);
    expect(searchAlternatives('sa bung', acronyms)).toEqual([
      [
        { text: 'sa', wholeWord: true },
        { text: 'sieu am', wholeWord: false },
      ],
      [{ text: 'bung', wholeWord: false }],
    ]);
    expect(searchAlternatives('sa bung')).toEqual([[{ text: 'sa', wholeWord: false }], [{ text: 'bung', wholeWord: false }]]);
  });

  it('%, _ and \\ typed are taken literally', () => {
    expect(render('50% a_b c\\d')!.params).toEqual(['%50\\%%', '%a\\_b%', '%c\\\\d%']);
  });

  it('an empty search adds no condition', () => {
    expect(everyWordConditions(t.searchText, '')).toEqual([]);
    expect(render(undefined)).toBeNull();
  });
});

describe('selectiveWordConds: long words through the trigram index, short ones as a filter', () => {
  const render = (q: string) => {
    const d = new PgDialect();
    return selectiveWordConds(sql.raw('t.s'), q).map((c) => d.sqlToQuery(c));
  };
  it.each([
    ['tiem phong cho tre', ['t.s LIKE $1', 't.s LIKE $1', "(t.s || '') LIKE $1", "(t.s || '') LIKE $1"]],
    ['Đau họng', ["(t.s || '') LIKE $1", 't.s LIKE $1']],
    ['cho tre', ['t.s LIKE $1', 't.s LIKE $1']],
    ['', []],
  ])('%s', (q, shapes) => {
    const out = render(q);
    expect(out.map((o) => o.sql)).toEqual(shapes);
    expect(out.map((o) => o.params[0])).toEqual(
      normalizeText(q)
        .split(' ')
        .filter(Boolean)
        .map((w) => `%${w}%`),
    );
  });
});
