import { shell } from './locales/vi/shell.ts';
import { studentImport } from './locales/vi/student-import.ts';
import { fillPlaceholders } from './text.ts';
import { z } from './zod.ts';

/**
 * Every error message the server says: the shell's, which the browser also holds, and those of
 * parts only the server and one screen read (an admin tool's refusals).
 */
const messages = { ...shell.errors, ...studentImport.errors };

/** Stable error codes of the API. Each has a Vietnamese message in the catalogue. */
export type ErrorCode = keyof typeof messages;

export const ErrorDetail = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** The one JSON shape of every error answer. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(ErrorDetail).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The Vietnamese message of a code, with `{{name}}` placeholders filled in. */
export function errorMessage(code: ErrorCode, values: Record<string, string> = {}): string {
  return fillPlaceholders(messages[code], values);
}
