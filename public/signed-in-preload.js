/* global window, document */
// A signed-in visit fetches its code alongside the entry, not a hop at a time
// (server/signed-in-preload-plugin.ts writes the lists into index.html). An
// external file because the CSP forbids inline script. Signed out: nothing.
(function () {
  var script = document.currentScript;
  if (!script) return;
  try {
    // Keep in step with src/lib/session.ts (the same key, in either storage; an expired session signs in again).
    var raw = window.sessionStorage.getItem('psd.session') || window.localStorage.getItem('psd.session');
    if (!raw) return;
    var expires = Number(JSON.parse(raw).expires) || 0;
    if (expires > 0 && expires * 1000 <= Date.now()) return;
  } catch {
    return;
  }
  var data = script.dataset;
  var path = window.location.pathname;
  var page =
    path === '/'
      ? data.overview
      : /^\/sites\/?$/.test(path)
        ? data.sites
        : /^\/sites\/[^/]+\/?$/.test(path)
          ? data.site
          : '';
  ((data.common || '') + ' ' + (page || '')).split(' ').forEach(function (href) {
    if (!href) return;
    var link = document.createElement('link');
    // A chunk's styles are linked as Vite's preload helper would, so the chunk's import need not wait for them.
    link.rel = /\.css$/.test(href) ? 'stylesheet' : 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  });
})();
