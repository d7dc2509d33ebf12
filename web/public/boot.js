/* global document, requestAnimationFrame, setTimeout */
// A page the server drew is on screen before its code runs: the code is asked for only after the
// first paint, so it never competes with the page's styles and pictures (docs/decisions/006).
// Classic script, so it can read its own data-* attributes; the CSP allows it as 'self'.
(function () {
  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var preloads = (me.getAttribute('data-preloads') || '').split(' ').filter(Boolean);
  function start() {
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
