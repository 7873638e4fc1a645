import { shell } from './vi/shell.ts';
import { signedIn } from './vi/signed-in.ts';

/**
 * The Vietnamese message catalogue: every word a person sees, for the browser (by key, through
 * web/lib/text.ts) and for the server (error messages, e-mails). Strings quoted by the spec are
 * kept verbatim. It is written in two parts so that the screens before sign-in load only theirs.
 */
export const vi = {
  ...shell,
  ...signedIn,
  screens: { ...shell.screens, ...signedIn.screens },
} as const;

export type Catalogue = typeof vi;
