import type { MediaSelection } from '../../../components/media/use-media-selection';

/** The cover a post's author picks: the first image (no choice), an image kept or a new file. */
export type CoverChoice = { kind: 'first' } | { kind: 'kept'; id: number } | { kind: 'new'; key: number };

type CoverImage = { key: string; choice: CoverChoice; label: string; src: string };

const same = (a: CoverChoice, b: CoverChoice) =>
  a.kind === b.kind &&
  (a.kind === 'first' || (a.kind === 'kept' ? a.id === (b as typeof a).id : a.key === (b as typeof a).key));

/** The images the post will have, in their order, each as a choice of cover. */
function coverImages(selection: MediaSelection): CoverImage[] {
  const kept = selection.kept
    .filter((item) => item.type === 'IMAGE')
    .map((item, index) => ({
      key: `kept-${item.id}`,
      choice: { kind: 'kept', id: item.id } as const,
      label: `Existing image ${index + 1}`,
      src: item.thumbnailUrl ?? item.fileUrl,
    }));
  const added = selection.chosen
    .filter((item) => item.kind === 'IMAGE')
    .map((item) => ({
      key: `new-${item.key}`,
      choice: { kind: 'new', key: item.key } as const,
      label: item.file.name,
      src: item.previewUrl,
    }));
  return [...kept, ...added];
}

/** The choice as it stands: a chosen image that was removed since gives the cover back to the first image. */
export function currentCover(choice: CoverChoice, selection: MediaSelection): CoverChoice {
  return coverImages(selection).some((image) => same(image.choice, choice)) ? choice : { kind: 'first' };
}

/** What the `post` part says of the cover (docs/api.md, posts). */
export function coverFields(choice: CoverChoice, selection: MediaSelection, editing: boolean) {
  const current = currentCover(choice, selection);
  const coverFileIndex =
    current.kind === 'new' ? selection.chosen.findIndex((item) => item.key === current.key) : null;
  if (!editing) return { coverFileIndex };
  return { coverFileIndex, coverMediaId: current.kind === 'kept' ? current.id : null };
}

/**
 * Which image stands for the post on cards and in shared links, offered once it has two images: a
 * radio group of their thumbnails, "First image" by default.
 */
export function CoverPicker({
  selection,
  value,
  onChange,
}: {
  selection: MediaSelection;
  value: CoverChoice;
  onChange: (choice: CoverChoice) => void;
}) {
  const images = coverImages(selection);
  if (images.length < 2) return null;
  const current = currentCover(value, selection);
  return (
    <fieldset className="space-y-2">
      <legend className="block text-sm font-medium text-slate-800">Cover image</legend>
      <p className="text-sm text-slate-600">Shown on cards and in shared links.</p>
      <div className="flex flex-wrap gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            name="cover"
            checked={current.kind === 'first'}
            onChange={() => onChange({ kind: 'first' })}
            className="size-4 text-indigo-600"
          />
          First image
        </label>
        {images.map((image) => (
          <label key={image.key} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="cover"
              checked={same(current, image.choice)}
              onChange={() => onChange(image.choice)}
              aria-label={`Cover: ${image.label}`}
              className="size-4 text-indigo-600"
            />
            <img src={image.src} alt="" className="size-12 rounded object-cover" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
