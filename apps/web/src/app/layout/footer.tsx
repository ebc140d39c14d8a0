/** The footer links point nowhere (there are no such pages yet). */
const FOOTER_LINKS = ['Terms', 'Privacy', 'Contact'];

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row">
        <p>© Pathwise</p>
        <ul className="flex gap-6">
          {FOOTER_LINKS.map((label) => (
            <li key={label}>
              {/* biome-ignore lint/a11y/useValidAnchor: these links point nowhere until the pages exist. */}
              <a href="#" className="rounded hover:text-slate-900">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
