import { describe, expect, it } from 'vitest';
import {
  compareVietnameseNames,
  foldForSearch,
  initialsOf,
  lowerForSearch,
  splitMentions,
} from './text.ts';

describe('foldForSearch', () => {
  it.each([
    ['Đường', 'duong'],
    ['Đắp bột', 'dap bot'],
    ['Hoà', 'hoa'],
    ['hòa', 'hoa'],
    ['  NGUYỄN   Thị  Hoa ', 'nguyen thi hoa'],
    ['Sơn gel cơ bản', 'son gel co ban'],
    ['đ', 'd'],
    ['Łukasz', 'lukasz'],
    ['Søren Ærø', 'soren aero'],
    ['Strauß', 'strauss'],
    ['Œuvre', 'oeuvre'],
  ])('%s → %s', (input, folded) => {
    expect(foldForSearch(input)).toBe(folded);
  });

  it('folds precomposed and decomposed accents alike', () => {
    expect(foldForSearch('Ho\u0300a')).toBe(foldForSearch('Hòa'));
  });
});

describe('lowerForSearch', () => {
  it.each([
    ['Đường', 'đường'],
    ['Hòa', 'hoà'],
    ['HOÀ', 'hoà'],
    ['Thúy', 'thuý'],
    ['khỏe mạnh', 'khoẻ mạnh'],
    ['Hoàn', 'hoàn'],
    ['múa', 'múa'],
    ['Quý', 'quý'],
    ['  Sơn   Gel ', 'sơn gel'],
  ])('%s → %s', (input, lowered) => {
    expect(lowerForSearch(input)).toBe(lowered);
  });

  it('keeps the diacritics that tell words apart', () => {
    expect(lowerForSearch('Đắp')).not.toBe(lowerForSearch('Dáp'));
  });
});

describe('compareVietnameseNames', () => {
  it('orders by given name, the last word', () => {
    const names = ['Trần Thị Bình', 'Nguyễn Văn An', 'Lê Đức', 'Phạm Châu'];
    expect([...names].sort(compareVietnameseNames)).toEqual([
      'Nguyễn Văn An',
      'Trần Thị Bình',
      'Phạm Châu',
      'Lê Đức',
    ]);
  });

  it('breaks ties on the family and middle names', () => {
    expect(['Trần Hoa', 'Lê Hoa'].sort(compareVietnameseNames)).toEqual(['Lê Hoa', 'Trần Hoa']);
  });
});

describe('initialsOf', () => {
  it('takes the first and the last word', () => {
    expect(initialsOf('Nguyễn Thị Hoa')).toBe('NH');
    expect(initialsOf('đào')).toBe('Đ');
    expect(initialsOf('   ')).toBe('?');
  });

  it('takes whole characters: emoji, combining marks, one-word names', () => {
    expect(initialsOf('Chu Thị Lan 💅')).toBe('CL');
    expect(initialsOf('💅 Lan')).toBe('L');
    expect(initialsOf('💅🏽')).toBe('💅🏽');
    expect(initialsOf('👩‍🎨 ✨')).toBe('👩‍🎨');
    // "Ưng Đức" written with combining marks (NFD), as some keyboards send it.
    expect(initialsOf('Ưng Đức'.normalize('NFD'))).toBe('ƯĐ');
    expect(initialsOf('ánh')).toBe('Á');
    expect(initialsOf('Hoa')).toBe('H');
    for (const name of ['Chu Thị Lan 💅', '💅🏽', 'a 𝒜']) {
      expect(initialsOf(name).isWellFormed()).toBe(true);
    }
  });
});

describe('splitMentions', () => {
  it('finds @[label](id) mentions between plain text', () => {
    expect(splitMentions('Chúc mừng @[Lê Minh Anh](abc-1) và @[Hoà](x2)!')).toEqual([
      { kind: 'text', text: 'Chúc mừng ' },
      { kind: 'mention', label: 'Lê Minh Anh', id: 'abc-1' },
      { kind: 'text', text: ' và ' },
      { kind: 'mention', label: 'Hoà', id: 'x2' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('leaves text that only looks like a mention as text', () => {
    expect(splitMentions('@[](x) @[a](b c) email@[x]')).toEqual([
      { kind: 'text', text: '@[](x) @[a](b c) email@[x]' },
    ]);
    expect(splitMentions('')).toEqual([]);
  });
});
