import { MEDIA_LIMITS, POST_MEDIA_TYPES } from '@pathwise/contract';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { PlayIcon } from '../icons';
import { TextAreaField } from '../text-field';
import type { MediaSelection } from './use-media-selection';

const ACCEPT = Object.keys(POST_MEDIA_TYPES).join(',');
const { maxFilesPerPost, maxVideoSeconds } = MEDIA_LIMITS;

type Description = { text: string; onChange: (text: string) => void };

function Preview({
  label,
  onRemove,
  children,
  problem,
  description,
}: {
  label: string;
  onRemove: () => void;
  children: ReactNode;
  problem?: string | null;
  /** Images take a description (alt text); videos have none. */
  description?: Description;
}) {
  return (
    <li className="space-y-1">
      <div
        className={`relative aspect-square overflow-hidden rounded-lg bg-slate-100 ${problem ? 'ring-2 ring-red-500' : ''}`}
      >
        {children}
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${label}`}
          className="absolute top-1 right-1 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white hover:bg-black/80"
        >
          Remove
        </button>
      </div>
      {problem && <p className="text-xs text-red-700">{problem}</p>}
      {description && (
        <TextAreaField
          label={`Describe ${label}`}
          rows={2}
          maxLength={MEDIA_LIMITS.altTextMax}
          placeholder="What does it show?"
          value={description.text}
          onChange={(event) => description.onChange(event.target.value)}
          data-undescribed={description.text.trim() ? undefined : ''}
        />
      )}
    </li>
  );
}

/** Media upload with previews; existing media can be removed on edit. */
export function MediaPicker({ selection }: { selection: MediaSelection }) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const { kept, chosen } = selection;

  return (
    <fieldset className="space-y-3">
      <legend className="block text-sm font-medium text-slate-800">Media</legend>
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className="btn-secondary cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
        >
          Add photos or videos
          <input
            id={inputId}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            aria-invalid={selection.selectionError ? true : undefined}
            aria-describedby={selection.selectionError ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => {
              selection.add([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </label>
        <span id={hintId} className="text-sm text-slate-600">
          Up to {maxFilesPerPost} images or videos (videos up to {maxVideoSeconds} seconds), each under 50MB.
        </span>
      </div>
      {selection.selectionError && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {selection.selectionError}
        </p>
      )}
      {kept.length + chosen.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {kept.map((item, index) => (
            <Preview
              key={`kept-${item.id}`}
              label={`existing ${item.type.toLowerCase()} ${index + 1}`}
              onRemove={() => selection.removeKept(item.id)}
              {...(item.type === 'IMAGE' && {
                description: {
                  text: selection.keptAltText(item.id),
                  onChange: (text: string) => selection.describeKept(item.id, text),
                },
              })}
            >
              {item.type === 'IMAGE' ? (
                <img
                  src={item.thumbnailUrl ?? item.fileUrl}
                  alt={`Already attached, ${index + 1}`}
                  className="size-full object-cover"
                />
              ) : (
                <>
                  <video
                    src={item.fileUrl}
                    preload="metadata"
                    muted
                    aria-label={`Existing video ${index + 1}`}
                    className="size-full object-cover"
                  />
                  <PlayIcon className="pointer-events-none absolute inset-0 m-auto size-8 text-white" />
                </>
              )}
            </Preview>
          ))}
          {chosen.map((item) => (
            <Preview
              key={`new-${item.key}`}
              label={item.file.name}
              onRemove={() => selection.removeChosen(item.key)}
              problem={item.problem}
              {...(item.kind === 'IMAGE' && {
                description: {
                  text: item.altText,
                  onChange: (text: string) => selection.describeChosen(item.key, text),
                },
              })}
            >
              {item.kind === 'IMAGE' ? (
                <img
                  src={item.previewUrl}
                  alt={`Preview of ${item.file.name}`}
                  className="size-full object-cover"
                />
              ) : (
                <video
                  src={item.previewUrl}
                  preload="metadata"
                  muted
                  aria-label={`Preview of ${item.file.name}`}
                  onLoadedMetadata={(event) =>
                    selection.videoMeasured(item.key, event.currentTarget.duration)
                  }
                  onError={() => selection.videoUnreadable(item.key)}
                  className="size-full object-cover"
                />
              )}
            </Preview>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
