/**
 * The sizes the app's square icon is drawn at (web/public/icons/icon-<size>.png): launchers pick
 * the nearest, Android's densities 48–192, Windows and ChromeOS 256 and 384, splash screens 512.
 */
export const ICON_SIZES = [48, 72, 96, 144, 192, 256, 384, 512] as const;
