import { fillPlaceholders, type PlaceholderValues } from '#shared/text';

/**
 * Every dotted path to one message of a catalogue, such as 'screens.login.title'. Lists (the
 * privacy sections) are read from the catalogue itself.
 */
export type MessageKey<Node> = {
  [Name in keyof Node & string]: Node[Name] extends string
    ? Name
    : Node[Name] extends readonly unknown[]
      ? never
      : `${Name}.${MessageKey<Node[Name]>}`;
}[keyof Node & string];

/** The message at a dotted path of a catalogue's part, for a path that comes from data. */
export function messageAt(part: object, path: string): string | undefined {
  const value = path
    .split('.')
    .reduce<unknown>((node, name) => (node as Record<string, unknown> | undefined)?.[name], part);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The message function over a catalogue: a key the catalogue lacks does not compile, and
 * `{{name}}` placeholders are filled by the same rule as on the server (shared/text.ts).
 * Vietnamese is the only language, so the messages are plain module state, not React context.
 */
export function messagesOf<Node extends object>(catalogue: Node) {
  const templates = new Map<string, string>();
  const template = (key: string): string => {
    let found = templates.get(key);
    if (found === undefined) {
      // Only a key built from data at run time can miss; it then shows as itself.
      found = messageAt(catalogue, key) ?? key;
      templates.set(key, found);
    }
    return found;
  };
  return (key: MessageKey<Node>, values?: PlaceholderValues): string =>
    values ? fillPlaceholders(template(key), values) : template(key);
}
