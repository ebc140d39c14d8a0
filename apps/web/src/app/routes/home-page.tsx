import { Link } from 'react-router';
import { useSignedInUser } from '../../features/auth';

const SHORTCUTS = [
  { to: '/create-post', label: 'Create a post', description: 'Share what you learned or how far you got.' },
  {
    to: '/create-learning-plan',
    label: 'Create a learning plan',
    description: 'Break a subject into topics and resources, then track your progress.',
  },
];

/** Spec §1: the home page greets the user by name and offers shortcuts to create things. */
export function HomePage() {
  const user = useSignedInUser();
  return (
    <section aria-labelledby="home-greeting">
      <h1 id="home-greeting" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        Welcome back, {user.name}
      </h1>
      <p className="mt-2 text-slate-600">What would you like to work on today?</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {SHORTCUTS.map((shortcut) => (
          <li key={shortcut.to}>
            <Link
              to={shortcut.to}
              className="block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md"
            >
              <span className="font-semibold text-indigo-700">{shortcut.label}</span>
              <span className="mt-1 block text-sm text-slate-600">{shortcut.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
