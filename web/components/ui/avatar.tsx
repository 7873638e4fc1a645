import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { limits } from '#shared/limits';
import { photoVariant } from '../../lib/photo-sources.ts';

interface AvatarProps {
  /** The person's name, for the alternative text when the avatar stands alone. */
  name?: string | undefined;
  /** The photo, or the server's generated avatar (initials on a colour) when there is none. */
  url?: string | null | undefined;
  size?: number;
  className?: string;
}

/** A person's avatar; a neutral silhouette while nobody is known (signed out, loading). */
export function Avatar({ name, url, size = 32, className = '' }: AvatarProps) {
  const box = { width: size, height: size };
  // A photo that cannot load (offline, never seen on this device) shows the silhouette rather
  // than the browser's broken-image sign.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url && url !== failedUrl) {
    return (
      <img
        onError={() => setFailedUrl(url)}
        // An avatar is never larger than a thumbnail: its small variant, when it has one.
        src={photoVariant(url, limits.imageSmallLongSide) ?? url}
        alt={name ?? ''}
        width={size}
        height={size}
        style={box}
        className={`shrink-0 rounded-full bg-stone-200 object-cover ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={box}
      className={`grid shrink-0 place-items-center rounded-full bg-stone-200 text-stone-500 ${className}`}
    >
      <UserRound style={{ width: size * 0.6, height: size * 0.6 }} />
    </span>
  );
}
