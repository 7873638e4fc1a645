/** Business constants of the spec (section 9) and limits shared by the server and the browser. */
export const limits = {
  toastDismissMs: 5000,
  /** After the pointer leaves a toast it lingers for half the usual time. */
  toastDismissAfterHoverMs: 2500,
  feedPageSize: 10,
  logListSize: 100,
  ratingMin: 0,
  ratingMax: 10,
  pushRefreshDays: 7,
  sidebarWidthRem: 18,
  sidebarCollapsedWidthRem: 5,
  sidebarCollapseBelowPx: 1280,
  bottomBarHiddenFromPx: 768,
  /** The largest JSON body the API accepts (uploads have their own limit). */
  jsonBodyBytes: 256 * 1024,
  clientErrorMessageChars: 2000,
  clientErrorExtraChars: 8000,
} as const;
