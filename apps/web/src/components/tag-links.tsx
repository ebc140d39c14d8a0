import { Link } from 'react-router';

/** A post's or plan's tags, each a link to its tag page (docs/features.md, "Tags"). */
export function TagLinks({ tags, className = '' }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={`/tags/${tag}`}
            className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-sm font-medium text-indigo-700 hover:bg-indigo-100"
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
