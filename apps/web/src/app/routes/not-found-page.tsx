import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-base font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 text-slate-600">
        Sorry, we couldn't find the page you're looking for. The link might be broken or the page may have
        been removed.
      </p>
      <Link to="/" className="btn-primary mt-8">
        Go back home
      </Link>
    </section>
  );
}
