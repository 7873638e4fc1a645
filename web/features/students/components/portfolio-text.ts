import type { Catalogue } from '#shared/locales/vi';
import type { PlaceholderValues } from '#shared/text';
import type { MessageKey } from '../../../lib/messages.ts';
import { t } from '../../../lib/text.ts';

/** The portfolio's words (screens.studentDetail.portfolio in the catalogue). */
export const portfolioText = (
  key: MessageKey<Catalogue['screens']['studentDetail']['portfolio']>,
  values?: PlaceholderValues,
) => t(`screens.studentDetail.portfolio.${key}`, values);
