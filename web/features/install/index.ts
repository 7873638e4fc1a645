// What other features may use of install; the rest is its own (biome.json enforces it).
export { isIosSafariInBrowser } from './install.ts';
export { IosInstallSheet } from './ios-install-sheet.tsx';
