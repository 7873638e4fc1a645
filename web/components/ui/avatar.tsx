import { UserRound } from 'lucide-react';
import { initialsOf } from '#shared/text';

const palette = [
  'bg-rose-100 text-rose-800',
  'bg-amber-100 text-amber-800',
  'bg-emerald-100 text-emerald-800',
  'bg-sky-100 text-sky-800',
  'bg-violet-100 text-violet-800',
  'bg-stone-200 text-stone-800',
];

function paletteFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return palette[hash % palette.length]!;
}

interface AvatarProps {
  name?: string | undefined;
  url?: string | null | undefined;
  size?: number;
  className?: string;
}

/** A person's photo, or their initials on a colour chosen from the name. */
export function Avatar({ name, url, size = 32, className = '' }: AvatarProps) {
  const box = { width: size, height: size };
  if (url) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        style={box}
        className={`shrink-0 rounded-full object-cover ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...box, fontSize: Math.max(10, size * 0.38) }}
      className={`grid shrink-0 place-items-center rounded-full font-semibold ${name ? paletteFor(name) : 'bg-stone-200 text-stone-500'} ${className}`}
    >
      {name ? initialsOf(name) : <UserRound style={{ width: size * 0.6, height: size * 0.6 }} />}
    </span>
  );
}
