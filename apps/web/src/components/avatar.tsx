import { useState } from 'react';
import placeholderImage from './avatar-placeholder.svg';

type AvatarProps = {
  src: string | null | undefined;
  /** Empty when a neighbouring text already names the person. */
  alt: string;
  className?: string;
  /** A picture on another server is fetched without telling it which page asked. */
  remote?: boolean;
};

/** A round picture of a person; the placeholder image stands in when there is none or it fails to load. */
export function Avatar({ src, alt, className = 'size-8', remote = false }: AvatarProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const shownSrc = src && src !== brokenSrc ? src : placeholderImage;
  return (
    <img
      src={shownSrc}
      alt={alt}
      referrerPolicy={remote ? 'no-referrer' : undefined}
      onError={() => setBrokenSrc(src ?? null)}
      className={`${className} shrink-0 rounded-full bg-indigo-100 object-cover`}
    />
  );
}
