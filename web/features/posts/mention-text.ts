import { splitMentions } from '#shared/text';

/*
 * What the person edits and what is stored differ: the text box shows a mention as "@Name", the
 * post keeps "@[Name](id)" (spec 3). The ids of the people chosen live beside the text, never in
 * it, so one stray keystroke cannot break a mention into "@[Đặng Thùy Dương](c00479…" in the
 * instructor's sentence; a name edited by hand simply stops being a mention.
 */

/** Names of people chosen, to their ids. */
export type MentionIds = ReadonlyMap<string, string>;

/** The stored text as the person reads it, and the people it mentions. */
export function toDisplay(stored: string): { text: string; mentions: Map<string, string> } {
  const mentions = new Map<string, string>();
  const text = splitMentions(stored)
    .map((segment) => {
      if (segment.kind === 'text') return segment.text;
      mentions.set(segment.label, segment.id);
      return `@${segment.label}`;
    })
    .join('');
  return { text, mentions };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text the person edited, with each "@Name" of someone chosen stored with its id again. */
export function toStored(display: string, mentions: MentionIds): string {
  if (mentions.size === 0) return display;
  // Longest names first, so "@Lan Anh" is not taken for "@Lan"; a name must end at a word edge.
  const names = [...mentions.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`@(${names.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return display.replace(pattern, (_, name: string) => `@[${name}](${mentions.get(name)})`);
}

/** Whether the "@…" at `start` of the display text is a mention already chosen. */
export function isChosenMention(display: string, start: number, mentions: MentionIds): boolean {
  for (const name of mentions.keys()) {
    const token = `@${name}`;
    if (display.startsWith(token, start)) {
      const after = display.charAt(start + token.length);
      if (after === '' || !/[\p{L}\p{N}]/u.test(after)) return true;
    }
  }
  return false;
}

/**
 * The text with the mention typed from `start` to `caret` replaced by the chosen name, followed
 * by one space (the one already there when the sentence goes on), and where the caret goes.
 */
export function withMention(
  display: string,
  start: number,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const rest = display.slice(caret);
  const spaced = /^\s/.test(rest);
  const token = `@${name}${spaced ? '' : ' '}`;
  return {
    text: display.slice(0, start) + token + rest,
    caret: start + token.length + (spaced ? 1 : 0),
  };
}
