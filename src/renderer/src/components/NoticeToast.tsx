// What the app just did, said briefly near the Markdown ("Kept <footer>: restored 1,204
// characters"), gone after a few seconds or on Escape.
import { useEffect } from 'react';
import { useApp } from '../store/app-store';

const SHOWN_MS = 6000;

export function NoticeToast() {
  const notice = useApp((s) => s.notice);
  const dismiss = useApp((s) => s.dismissNotice);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(dismiss, SHOWN_MS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, [notice, dismiss]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {notice && (
        <div key={notice.id} className={`toast ${notice.tone}`} data-testid="notice">
          <span>{notice.text}</span>
          <button type="button" className="icon-button" onClick={dismiss} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
