import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { vi } from '#shared/locales/vi';

/** Vietnamese is the product's language; the catalogue lives in shared/ for both sides. */
void i18next.use(initReactI18next).init({
  lng: 'vi',
  fallbackLng: 'vi',
  resources: { vi: { translation: vi } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18next };
