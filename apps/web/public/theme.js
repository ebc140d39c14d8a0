// Applies the theme before the first paint, so a dark theme never flashes light: the stored choice
// ('light', 'dark' or 'system', under the key STORAGE_KEYS.theme), else the system's, followed as it
// changes. The app announces a new choice with the `pathwise:theme` event, so it is applied here only.
(() => {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    let choice = null;
    try {
      choice = localStorage.getItem('theme');
    } catch {
      // Storage refused (private mode, policy): the system decides.
    }
    const dark = choice === 'dark' || (choice !== 'light' && media.matches);
    document.documentElement.classList.toggle('dark', dark);
  };
  apply();
  media.addEventListener('change', apply);
  window.addEventListener('pathwise:theme', apply);
})();
