import { MEDIA_MESSAGES, type PostMedia } from '@pathwise/contract';

/** What a screen reader hears of an image nobody described, whose `alt` stays empty. */
export const noDescription = (index: number, count: number) =>
  `Image ${index + 1} of ${count}: ${MEDIA_MESSAGES.noDescription}`;

/** A post's media at full size on its own page: images reserve their space, videos play. */
export function PostMediaView({ media, title }: { media: PostMedia[]; title: string }) {
  return (
    <ul className="space-y-3">
      {media.map((item, index) => (
        <li key={item.id} className="overflow-hidden rounded-lg bg-slate-100">
          {item.type === 'IMAGE' ? (
            <>
              <img
                src={item.fileUrl}
                alt={item.altText}
                width={item.width ?? undefined}
                height={item.height ?? undefined}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
                className="mx-auto h-auto max-h-[80vh] w-auto max-w-full"
              />
              {!item.altText && <span className="sr-only">{noDescription(index, media.length)}</span>}
            </>
          ) : (
            /* biome-ignore lint/a11y/useMediaCaption: members upload their own clips; there is no caption
               track to offer. */
            <video
              src={item.fileUrl}
              controls
              preload="metadata"
              playsInline
              aria-label={`${title}, video ${index + 1} of ${media.length}`}
              className="mx-auto aspect-video max-h-[80vh] w-full bg-black"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
