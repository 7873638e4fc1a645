/**
 * The cache key of where photos go: read by the photo pickers, set by the upload settings,
 * refreshed by live events. Alone in its file so that live events do not load the upload code.
 */
export const uploadTargetQueryKey = ['upload-target'] as const;
