/** Open Graph and Twitter card tags for shared links to public posts and plans. */
export { type LinkPreview, withPreviewTags } from './link-previews.html.js';
export { createLinkPreviews, type LinkPreviews } from './link-previews.service.js';
