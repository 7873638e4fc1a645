import { describe, expect, it } from 'vitest';
import { compareVietnameseNames, foldForSearch, initialsOf, lowerForSearch } from './text.ts';

describe('foldForSearch', () => {
  it.each([
    ['Đường', 'duong'],
    ['Đắp bột', 'dap bot'],
    ['Hoà', 'hoa'],
    ['hòa', 'hoa'],
    ['  NGUYỄN   Thị  Hoa ', 'nguyen thi hoa'],
    ['Sơn gel cơ bản', 'son gel co ban'],
    ['đ', 'd'],
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
});
