// The API reference at /docs: Redoc (served by us, see reference.ts) renders /api/openapi.json.
// The page's CSP allows injected styles only with the per-request nonce, which this script's
// element carries and Redoc hands to the stylesheets it adds.
(() => {
  const nonce = document.currentScript.nonce;
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
      nonce,
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
