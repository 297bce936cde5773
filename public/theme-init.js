/* global window, document */
// Applies the dark or light class before first paint, so there is no flash of
// the wrong theme. An external file because the CSP forbids inline script.
// Keep in step with src/lib/theme.ts (same storage key, same rule).
(function () {
  var pref = 'system';
  try {
    pref = window.localStorage.getItem('psd.theme') || 'system';
  } catch {
    // Storage blocked (third-party iframe): follow the system.
  }
  var dark =
    pref === 'dark' ||
    (pref !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', !!dark);
})();
