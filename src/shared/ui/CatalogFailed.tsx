/**
 * Shown only when no language catalog could load, so Lingui has nothing to translate with:
 * the one screen whose text is built in, in both languages.
 */
export function CatalogFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="catalog-failed">
      <p lang="en">Sarraf could not load. Check your connection and try again.</p>
      <p lang="ar" dir="rtl">
        تعذّر تحميل صرّاف. تحقّق من اتصالك ثم حاول مجددًا.
      </p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Try again · <span lang="ar">حاول مجددًا</span>
      </button>
    </main>
  );
}
