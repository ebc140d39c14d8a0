import { MEDIA_LIMITS, type PostMedia } from '@pathwise/contract';
import { PlayIcon } from '../icons';
import { noDescription } from './post-media-view';

/** The layout depends on the count — 1, 2, 3, 4, or 5 and more. */
const COLUMNS_BY_COUNT: Record<number, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-2',
  3: 'grid-cols-3',
  4: 'grid-cols-2',
};
const columnsFor = (count: number) => COLUMNS_BY_COUNT[count] ?? 'grid-cols-3';

/**
 * A lone item keeps its own shape, no taller than most of the screen (a tall photo would otherwise
 * fill several screens of the feed); several share square cells, so nothing moves while files arrive.
 */
function cellShape(media: PostMedia, alone: boolean) {
  if (!alone) return { className: 'aspect-square', style: undefined, fit: 'object-cover' };
  const capped = 'max-h-[min(70vh,30rem)]';
  if (media.type === 'VIDEO' || !media.width || !media.height)
    return { className: `aspect-video ${capped}`, style: undefined, fit: 'object-contain' };
  return {
    className: capped,
    style: { aspectRatio: `${media.width} / ${media.height}` },
    // Once the height is capped the cell is wider than the picture: show it whole, never cropped.
    fit: 'object-contain',
  };
}

const openLabel = (item: PostMedia, index: number, count: number) =>
  `Open ${item.type === 'IMAGE' ? 'image' : 'video'} ${index + 1} of ${count} full size` +
  (item.altText ? `: ${item.altText}` : '');

type MediaGridProps = {
  media: PostMedia[];
  title: string;
  /** Every item, each a link to its original (where no page of its own shows them full size). */
  linkOriginals?: boolean;
};

/** The post card's media: at most six thumbnails, the last one saying how many more there are. */
export function MediaGrid({ media, title, linkOriginals = false }: MediaGridProps) {
  const shown = linkOriginals ? media : media.slice(0, MEDIA_LIMITS.gridItems);
  const hidden = media.length - shown.length;
  return (
    <ul className={`grid gap-1.5 overflow-hidden rounded-lg ${columnsFor(shown.length)}`}>
      {shown.map((item, index) => {
        const shape = cellShape(item, shown.length === 1);
        const isLast = index === shown.length - 1;
        const cell = (
          <>
            {item.type === 'IMAGE' ? (
              <img
                src={item.thumbnailUrl ?? item.fileUrl}
                alt={item.altText}
                width={item.width ?? undefined}
                height={item.height ?? undefined}
                loading="lazy"
                decoding="async"
                className={`size-full ${shape.fit}`}
              />
            ) : (
              <>
                <video
                  src={item.fileUrl}
                  preload="metadata"
                  muted
                  playsInline
                  aria-label={`${title}, video ${index + 1} of ${media.length}`}
                  className={`size-full ${shape.fit}`}
                />
                <PlayIcon className="pointer-events-none absolute inset-0 m-auto size-10 rounded-full bg-black/50 p-2 text-white" />
              </>
            )}
            {item.type === 'IMAGE' && !item.altText && (
              <span className="sr-only">{noDescription(index, media.length)}</span>
            )}
          </>
        );
        return (
          <li
            key={item.id}
            className={`relative w-full overflow-hidden bg-slate-100 ${shape.className}`}
            style={shape.style}
          >
            {linkOriginals ? (
              <a
                href={item.fileUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={openLabel(item, index, media.length)}
                className="block size-full"
              >
                {cell}
              </a>
            ) : (
              cell
            )}
            {isLast && hidden > 0 && (
              <span className="absolute inset-0 flex items-center justify-center bg-black/55 text-lg font-semibold text-white">
                +{hidden} more
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
