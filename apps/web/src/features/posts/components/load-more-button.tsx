type LoadMoreButtonProps = { label: string; loading: boolean; onClick: () => void };

/** Asks for the next page; the list below it grows in place. */
export function LoadMoreButton({ label, loading, onClick }: LoadMoreButtonProps) {
  return (
    <div className="flex justify-center">
      <button type="button" onClick={onClick} disabled={loading} className="btn-secondary">
        {loading ? 'Loading...' : label}
      </button>
    </div>
  );
}
