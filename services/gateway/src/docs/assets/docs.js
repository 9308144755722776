// The API reference at /docs: Redoc (served by us, see reference.ts) renders /api/openapi.json.
// The page's CSP allows styles only with the per-request nonce, which Redoc hands to the
// stylesheets it injects.
(() => {
  const root = document.getElementById('redoc');
  const theme = {
    colors: { primary: { main: '#1f4fd6' } },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
    },
    sidebar: { width: '280px' },
  };
  window.Redoc.init(
    root.dataset.specUrl,
    {
      nonce: root.dataset.nonce,
      theme,
      expandResponses: '200,201',
      jsonSampleExpandLevel: 3,
      pathInMiddlePanel: true,
      sortTagsAlphabetically: false,
    },
    root,
    (error) => {
      if (error) root.textContent = 'The API reference could not be loaded. Reload the page to try again.';
    },
  );
})();
