export function App() {
  return (
    <main className="landing">
      <h1>Compaction Playground</h1>
      <p>
        Load an agent transcript, see where its context budget goes, drag the keep-recent budget and the cut
        point, and preview the summary a model would write.
      </p>
      <p>The compaction core and its command line are ready:</p>
      <pre>npx compaction-playground inspect session.json --window 128000 --strategy budget</pre>
    </main>
  );
}
