import { describe, expect, it } from 'vitest';
import { createSearchSender } from './search-box.logic';

type Step = ['seen', string] | ['report', string, string | null];

describe('createSearchSender', () => {
  it.each<[string, string, Step[]]>([
    ['a new search is sent trimmed', '', [['report', ' sieu am ', 'sieu am']]],
    ['a trailing space while typing the next word sends nothing', 'noi', [['report', 'noi ', null]]],
    ['the same search again sends nothing', 'tim', [['report', 'tim', null]]],
    ['clearing the box sends ""', 'sieu am', [['report', '', '']]],
    // The CI failure: "sieu am" was sent, the box cleared before the URL's "sieu am" reached it.
    [
      'clearing before the previous search reached the URL still sends ""',
      '',
      [
        ['report', 'sieu am', 'sieu am'],
        ['report', '', ''],
      ],
    ],
    [
      'a search the URL already holds (back button) is not sent again',
      '',
      [
        ['seen', 'kham'],
        ['report', 'kham', null],
      ],
    ],
    [
      'after the URL changed elsewhere (Xoá bộ lọc), the old text is sent again',
      'tim',
      [
        ['seen', ''],
        ['report', 'tim', 'tim'],
      ],
    ],
  ])('%s', (_name, initial, steps) => {
    const sender = createSearchSender(initial);
    for (const step of steps) {
      if (step[0] === 'seen') sender.seen(step[1]);
      else expect(sender.report(step[1])).toBe(step[2]);
    }
  });
});
