const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'application/pdf': 'pdf',
};
const TYPES = new Map(Object.entries(EXTENSIONS).map(([mime, extension]) => [extension, mime]));

/** The extension a stored file of this (sniffed) type is given. */
export const extensionFor = (mime: string) => EXTENSIONS[mime] ?? 'bin';

/** A stored file's type, from the extension its key was given from its sniffed type. */
export const mimeForKey = (key: string) =>
  TYPES.get(key.slice(key.lastIndexOf('.') + 1)) ?? 'application/octet-stream';
