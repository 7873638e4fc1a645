import { describe, expect, it } from 'vitest';
import { isChosenMention, toDisplay, toStored, withMention } from './mention-text.ts';

const DUONG = 'c0047941-0000-4000-8000-000000000001';
const LAN = 'c0047941-0000-4000-8000-000000000002';
const LAN_ANH = 'c0047941-0000-4000-8000-000000000003';

describe('mentions in the text box', () => {
  it('shows names, keeps ids beside the text, and stores them back', () => {
    const stored = `Cảm ơn @[Đặng Thùy Dương](${DUONG}) và @[Lan](${LAN}) 💅`;
    const { text, mentions } = toDisplay(stored);
    expect(text).toBe('Cảm ơn @Đặng Thùy Dương và @Lan 💅');
    expect(text).not.toContain(DUONG);
    expect(toStored(text, mentions)).toBe(stored);
  });

  it('keeps a mention through edits around it, and drops it when its name is edited', () => {
    const mentions = new Map([['Đặng Thùy Dương', DUONG]]);
    expect(toStored('Tuyệt vời, @Đặng Thùy Dương!', mentions)).toBe(
      `Tuyệt vời, @[Đặng Thùy Dương](${DUONG})!`,
    );
    expect(toStored('Tuyệt vời, @Đặng Thùy Dươn!', mentions)).toBe('Tuyệt vời, @Đặng Thùy Dươn!');
    expect(toStored('@Đặng Thùy Dươngxyz', mentions)).toBe('@Đặng Thùy Dươngxyz');
  });

  it('takes the longest chosen name first', () => {
    const mentions = new Map([
      ['Lan', LAN],
      ['Lan Anh', LAN_ANH],
    ]);
    expect(toStored('@Lan Anh và @Lan', mentions)).toBe(`@[Lan Anh](${LAN_ANH}) và @[Lan](${LAN})`);
  });

  it('treats names with regex characters as text', () => {
    const mentions = new Map([['Ngọc (Bé) +1', LAN]]);
    expect(toStored('chào @Ngọc (Bé) +1', mentions)).toBe(`chào @[Ngọc (Bé) +1](${LAN})`);
  });

  it('knows a chosen mention from one being typed', () => {
    const mentions = new Map([['Lan Anh', LAN_ANH]]);
    expect(isChosenMention('Hi @Lan Anh đã', 3, mentions)).toBe(true);
    expect(isChosenMention('Hi @Lan', 3, mentions)).toBe(false);
  });
});

describe('choosing a mention', () => {
  it('puts one space after the name at the end of the text', () => {
    expect(withMention('Cảm ơn @lan', 7, 11, 'Ngô Thị Lan')).toEqual({
      text: 'Cảm ơn @Ngô Thị Lan ',
      caret: 20,
    });
  });

  it('keeps one space, not two, when the sentence goes on after it', () => {
    expect(withMention('Cảm ơn @lan đã hỗ trợ', 7, 11, 'Ngô Thị Lan')).toEqual({
      text: 'Cảm ơn @Ngô Thị Lan đã hỗ trợ',
      caret: 20,
    });
  });
});
