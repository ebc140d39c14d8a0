import { Link } from 'react-router';
import { BusyButton } from '../../../components/busy-button';

/** Edit and Delete of a post, for its author: on the post's card and on its own page. */
export function PostOwnerActions({
  postId,
  onDelete,
  deleting,
  className = '',
}: {
  postId: number;
  onDelete: () => void;
  deleting: boolean;
  className?: string;
}) {
  return (
    <span className={`flex gap-2 ${className}`}>
      <Link to={`/edit-post/${postId}`} className="btn-secondary px-3 py-1.5">
        Edit
      </Link>
      <BusyButton
        type="button"
        onClick={onDelete}
        busy={deleting}
        className="btn-secondary px-3 py-1.5 text-red-700"
      >
        {deleting ? 'Deleting...' : 'Delete'}
      </BusyButton>
    </span>
  );
}
