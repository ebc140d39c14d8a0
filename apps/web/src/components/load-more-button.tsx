import { Spinner } from './spinner';

type LoadMoreButtonProps = { loading: boolean; onClick: () => void; label?: string };

/** Spec §4: asks for the next page of a list, which grows in place; disabled while that page loads. */
export function LoadMoreButton({ loading, onClick, label = 'Load More' }: LoadMoreButtonProps) {
  return (
    <div className="flex justify-center py-3">
      <button type="button" onClick={onClick} disabled={loading} className="btn-secondary">
        {loading && <Spinner className="size-4" />}
        {label}
      </button>
    </div>
  );
}
