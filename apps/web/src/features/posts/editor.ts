/** The post editor, for the create-post page that app/ composes with the drafts feature. */
export { type PostDraftBinding, PostForm, type PostFormValues } from './components/post-form';
