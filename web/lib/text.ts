import { type Catalogue, vi } from '#shared/locales/vi';
import { messagesOf } from './messages.ts';

/** Every message of the app, by key (docs/decisions/0008). */
export const t = messagesOf<Catalogue>(vi);
