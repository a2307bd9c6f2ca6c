// A classic (non-module) script that runs before main.js. Module workers and wasm cannot load from
// file://, and module scripts do not even start there: say so instead of "Starting…" forever.
// (Kept out of index.html because the Content-Security-Policy forbids inline scripts.)
if (location.protocol === 'file:') {
  document.addEventListener('DOMContentLoaded', () => {
    const s = document.getElementById('status');
    if (s) {
      s.textContent = 'Planeview must be served over HTTP: run "make serve" and open http://127.0.0.1:8000/';
      s.className = 'status is-error';
    }
  });
}
