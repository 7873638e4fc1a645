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
  /**
   * Open live-event streams one server process keeps: per signed-in person (a tab each, on
   * every device she uses) and per client address (a whole academy behind one Wi-Fi).
   */
  liveStreamsPerPerson: 10,
  liveStreamsPerAddress: 100,
  /**
   * A request body (a photo) arriving slower than this many bytes in each window has stalled or
   * is held open on purpose: it is ended with 408, and its temporary file removed.
   */
  slowBodyBytes: 2 * 1024,
  slowBodyWindowMs: 20_000,
  /** The longest any request body but a photo's may take to arrive, whatever its pace. */
  bodyTotalMs: 30_000,
  /** The longest a photo's body may take (15 MB at the slowest pace a phone keeps). */
  uploadBodyTotalMs: 10 * 60_000,
  clientErrorMessageChars: 2000,
  uploadBytes: 15 * 1024 * 1024,
  uploadPixels: 40_000_000,
  /**
   * Long side of stored photos and of their variants: small for thumbnails and narrow grids,
   * medium for a card's photo on a phone's dense screen (so a phone never loads the full one).
   */
  imageLongSide: 2048,
  imageMediumLongSide: 1080,
  imageSmallLongSide: 480,
  /** The browser shrinks photos larger than this before sending them. */
  clientShrinkLongSide: 2560,
  clientErrorExtraChars: 8000,
  /** A person's name, wherever it comes from (a form, Google's profile). */
  personNameMax: 100,
  /** The academy's name (titles, e-mails, certificates) and its home-screen label. */
  academyNameMax: 60,
  academyShortNameMax: 12,
  /** An academy's logo file, and the pixels it may decode to (a small square mark). */
  logoBytes: 5 * 1024 * 1024,
  logoPixels: 25_000_000,
  /** WCAG AA for normal text: white text on the theme colour, and the colour on white. */
  themeContrastMin: 4.5,
  /**
   * A spreadsheet of students to import: the file as sent, the rows and columns it may hold,
   * one cell's text, what an .xlsx may unpack to (a zip bomb stops here, not in memory) and how
   * many parts it may hold. A real academy's list is hundreds of rows and a few dozen kilobytes.
   */
  importBytes: 5 * 1024 * 1024,
  importRows: 5000,
  importColumns: 50,
  importCellChars: 1000,
  importUnpackedBytes: 20 * 1024 * 1024,
  importZipEntries: 500,
  /** How long an uploaded sheet waits for its import before it is thrown away. */
  importDraftHours: 24,
  /**
   * How long an import can be undone. What it keeps to undo with holds people's details as they
   * were before it; by then the class has met, and people's records are theirs to correct.
   */
  importUndoDays: 30,
} as const;
