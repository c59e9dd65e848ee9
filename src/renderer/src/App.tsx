// Placeholder screen until the three-pane app lands (issue 5).
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>OpenScraper</h1>
      <p>Web pages to clean Markdown.</p>
    </main>
  );
}
