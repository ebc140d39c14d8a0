/** Open Graph and Twitter card tags for shared links to public posts and plans. */
export { escapeHtml, type LinkPreview, previewText, withPreviewTags } from './link-previews.html.js';
export { createLinkPreviews, type LinkPreviews } from './link-previews.service.js';
