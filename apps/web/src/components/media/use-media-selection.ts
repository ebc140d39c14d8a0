import { MEDIA_LIMITS, MEDIA_MESSAGES, POST_MEDIA_TYPES, type PostMedia } from '@pathwise/contract';
import { useEffect, useRef, useState } from 'react';

/** A file chosen in this form, not uploaded yet. */
export type ChosenFile = {
  key: number;
  file: File;
  kind: 'IMAGE' | 'VIDEO';
  previewUrl: string;
  /** Videos are usable once their length has been read from the file. */
  checked: boolean;
  /** Why this video cannot be published (too long or unreadable). */
  problem: string | null;
  /** What it shows, in the author's words (alt text). */
  altText: string;
};

const isPostMediaType = (type: string): type is keyof typeof POST_MEDIA_TYPES => type in POST_MEDIA_TYPES;

/** A batch is refused whole when it breaks the count, type or size rule. */
function problemWith(files: File[], alreadyChosen: number): string | null {
  if (alreadyChosen + files.length > MEDIA_LIMITS.maxFilesPerPost) return MEDIA_MESSAGES.tooMany;
  if (files.some((file) => !isPostMediaType(file.type))) return MEDIA_MESSAGES.badType;
  if (files.some((file) => file.size >= MEDIA_LIMITS.maxFileBytes)) return MEDIA_MESSAGES.tooLarge;
  return null;
}

/**
 * The media a post will have: existing ones kept (edit) and new files with previews. The browser's
 * checks mirror the server's so people learn at once; the server checks the bytes again.
 */
export function useMediaSelection(existing: readonly PostMedia[]) {
  const [kept, setKept] = useState(existing);
  const [keptAltTexts, setKeptAltTexts] = useState(
    () => new Map(existing.map((item) => [item.id, item.altText])),
  );
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const nextKey = useRef(0);
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const update = (key: number, change: Partial<ChosenFile>) =>
    setChosen((files) => files.map((item) => (item.key === key ? { ...item, ...change } : item)));

  return {
    kept,
    chosen,
    selectionError,
    /** Ids of existing media the user removed (sent as removeMediaIds). */
    removedIds: existing.filter((item) => !kept.includes(item)).map((item) => item.id),
    keptAltText: (id: number) => keptAltTexts.get(id) ?? '',
    /** Descriptions of the new files, in their order (sent as altTexts). */
    altTexts: chosen.map((item) => item.altText.trim()),
    /** Descriptions of kept media that changed (sent as mediaAltTexts). */
    mediaAltTexts: kept
      .filter((item) => (keptAltTexts.get(item.id) ?? '').trim() !== item.altText)
      .map((item) => ({ id: item.id, altText: (keptAltTexts.get(item.id) ?? '').trim() })),
    /** Images nobody described yet: the form reminds before publishing them. */
    undescribedImages:
      kept.filter((item) => item.type === 'IMAGE' && !(keptAltTexts.get(item.id) ?? '').trim()).length +
      chosen.filter((item) => item.kind === 'IMAGE' && !item.altText.trim()).length,
    hasVideoErrors: chosen.some((item) => item.problem !== null),
    checkingVideos: chosen.some((item) => !item.checked),

    add(files: File[]) {
      const problem = problemWith(files, kept.length + chosen.length);
      setSelectionError(problem);
      if (problem || files.length === 0) return;
      const added = files.map((file): ChosenFile => {
        const kind = POST_MEDIA_TYPES[file.type as keyof typeof POST_MEDIA_TYPES];
        const previewUrl = URL.createObjectURL(file);
        previews.current.add(previewUrl);
        const key = nextKey.current++;
        return { key, file, kind, previewUrl, checked: kind === 'IMAGE', problem: null, altText: '' };
      });
      setChosen((current) => [...current, ...added]);
    },
    /** Forgets every chosen file, once they were sent. */
    clearChosen() {
      for (const item of chosen) {
        URL.revokeObjectURL(item.previewUrl);
        previews.current.delete(item.previewUrl);
      }
      setChosen([]);
      setSelectionError(null);
    },
    removeChosen(key: number) {
      const item = chosen.find((file) => file.key === key);
      if (item) {
        URL.revokeObjectURL(item.previewUrl);
        previews.current.delete(item.previewUrl);
      }
      setChosen((files) => files.filter((file) => file.key !== key));
      setSelectionError(null);
    },
    describeChosen(key: number, altText: string) {
      update(key, { altText });
    },
    describeKept(id: number, altText: string) {
      setKeptAltTexts((texts) => new Map(texts).set(id, altText));
    },
    removeKept(id: number) {
      setKept((items) => items.filter((item) => item.id !== id));
      setSelectionError(null);
    },
    /** The preview read the video's length: longer than allowed is an error to fix before publishing. */
    videoMeasured(key: number, seconds: number) {
      const tooLong = seconds > MEDIA_LIMITS.maxVideoSeconds;
      update(key, {
        checked: true,
        problem: tooLong ? MEDIA_MESSAGES.videoTooLong(Math.round(seconds)) : null,
      });
    },
    videoUnreadable(key: number) {
      update(key, { checked: true, problem: MEDIA_MESSAGES.videoUnreadable });
    },
  };
}
export type MediaSelection = ReturnType<typeof useMediaSelection>;
