import { useSyncExternalStore } from 'react';
import {
  ACADEMY_KEY,
  ACCENT_VARIABLE,
  type AcademyIdentityValue as AcademyIdentity,
  type LogoVariant,
  logoPath,
  PRODUCT_IDENTITY,
} from '#shared/identity';

/*
 * How the academy names and shows itself on this device: its name in the header, the login
 * screen and the tab's title, its mark, and its colour on buttons and the status bar. Known
 * before any request: from the page when the server wrote it (index.html's `academy` meta), else
 * from the last answer kept on this device, else the product's own. Every public-config answer
 * (and an admin's change) brings it up to date.
 */

const PRODUCT: AcademyIdentity = { ...PRODUCT_IDENTITY, logoVersion: null };
const HEX = /^#[0-9a-f]{6}$/;

/** An identity read from the page or storage, if it has every field of the right kind. */
function readIdentity(text: string | null | undefined): AcademyIdentity | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { name, shortName, themeColor, logoVersion } = value as Record<string, unknown>;
    if (typeof name !== 'string' || typeof shortName !== 'string') return undefined;
    if (typeof themeColor !== 'string' || !HEX.test(themeColor)) return undefined;
    if (
      logoVersion !== null &&
      (typeof logoVersion !== 'string' || !/^[0-9a-f]{16}$/.test(logoVersion))
    )
      return undefined;
    return { name, shortName, themeColor, logoVersion };
  } catch {
    return undefined;
  }
}

function stored(): string | null {
  try {
    return localStorage.getItem(ACADEMY_KEY);
  } catch {
    return null;
  }
}

let current: AcademyIdentity =
  (typeof document === 'undefined'
    ? undefined
    : (readIdentity(document.querySelector('meta[name="academy"]')?.getAttribute('content')) ??
      readIdentity(stored()))) ?? PRODUCT;
const listeners = new Set<() => void>();

/** The address of the academy's square mark: its logo's variant, or the product's icon. */
export function academyMark(identity: AcademyIdentity, variant: LogoVariant = 'icon-192'): string {
  if (identity.logoVersion) return logoPath(identity.logoVersion, variant);
  return variant === 'favicon-32'
    ? '/icons/favicon-32.png'
    : variant === 'apple-touch-180'
      ? '/icons/apple-touch-icon.png'
      : `/icons/${variant === 'icon-512' || variant === 'maskable-512' ? 'icon-512' : 'icon-192'}.png`;
}

function setAttribute(selector: string, attribute: string, value: string) {
  document.querySelector(selector)?.setAttribute(attribute, value);
}

/** The page's title, colours and icons as the academy's. */
function applyToDocument(identity: AcademyIdentity) {
  document.title = identity.name;
  setAttribute('meta[name="theme-color"]', 'content', identity.themeColor);
  setAttribute('meta[name="apple-mobile-web-app-title"]', 'content', identity.shortName);
  setAttribute('link[rel="icon"][sizes="32x32"]', 'href', academyMark(identity, 'favicon-32'));
  setAttribute('link[rel="apple-touch-icon"]', 'href', academyMark(identity, 'apple-touch-180'));
  // The product's vector mark stands for the product only.
  const vector = document.querySelector('link[rel="icon"][type="image/svg+xml"]');
  if (identity.logoVersion) vector?.setAttribute('media', 'not all');
  else vector?.removeAttribute('media');
  const root = document.documentElement;
  if (identity.themeColor === PRODUCT.themeColor) {
    root.style.removeProperty(ACCENT_VARIABLE);
    delete root.dataset.academyAccent;
  } else {
    // styles.css mixes the accent's shades from this one colour.
    root.style.setProperty(ACCENT_VARIABLE, identity.themeColor);
    root.dataset.academyAccent = '';
  }
}

if (typeof document !== 'undefined') applyToDocument(current);

/** The academy as this device knows it now. */
export const academy = (): AcademyIdentity => current;

/** The academy as the server says it is: shown at once, and kept for the next start. */
export function setAcademy(identity: AcademyIdentity) {
  const text = JSON.stringify(identity);
  try {
    localStorage.setItem(ACADEMY_KEY, text);
  } catch {
    // Storage full or off: it shows for this visit.
  }
  if (JSON.stringify(current) === text) return;
  current = identity;
  applyToDocument(identity);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The academy's name, mark and colour, for a component that shows them. */
export function useAcademy(): AcademyIdentity {
  return useSyncExternalStore(subscribe, academy, academy);
}
