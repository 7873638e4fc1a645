import { studentImport } from '#shared/locales/vi/student-import';
import { messagesOf } from '../../../lib/messages.ts';

/** The import screen's words, from the catalogue's part that only this admin tool loads. */
export const ti = messagesOf(studentImport.screen);
