/** How a share ended: the phone's share sheet took it, it was copied, or neither happened. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Hands a link to the phone's own share sheet (Zalo, Facebook, Messenger…) where the browser has
 * one (the Web Share API), or else copies it for pasting.
 */
export async function shareLink(url: string, title: string): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      // Closing the sheet is the person's choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** A featured work's public link, on this academy's own address. */
export const shareUrlOf = (token: string) => `${window.location.origin}/s/${token}`;
