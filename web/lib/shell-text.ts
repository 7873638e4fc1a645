import { shell } from '#shared/locales/vi/shell';
import { messagesOf } from './messages.ts';

/**
 * The messages of the shell and the screens before sign-in. Code that loads with /login reads
 * these instead of `t` from text.ts, so that it does not carry the signed-in app's texts; a key
 * of the signed-in app does not compile here.
 */
export const t = messagesOf<typeof shell>(shell);
