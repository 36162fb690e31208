// Sharing a finished trace as a session (a link, or a file when too large) and the banner above a session opened here.
import { useState } from "react";
import { DATA_SHARING_LABELS } from "../../core/data-sharing";
import { formatCount } from "../../core/format";
import { useAgentStore } from "../../state/agent-store";
import { useSessionStore } from "../../state/session-store";
import { ModalDialog } from "../common/modal-dialog";
import "./session-share.css";

/** Offered on a finished trace, beside Export trace. */
export function ShareButton() {
  const busy = useSessionStore((state) => state.sharing);
  return (
    <button type="button" onClick={() => void useSessionStore.getState().share()} disabled={busy}>
      {busy ? "Sharing…" : "Share"}
    </button>
  );
}

function RemovedList({ removed }: { removed: string[] }) {
  if (removed.length === 0) return <p>Nothing was left out.</p>;
  return (
    <>
      <p>Left out:</p>
      <ul aria-label="Left out of the session">
        {removed.map((entry) => (
          <li key={entry}>{entry}</li>
        ))}
      </ul>
    </>
  );
}

export function ShareDialog() {
  const shared = useSessionStore((state) => state.shared);
  const [copied, setCopied] = useState(false);
  if (!shared) return null;
  const { session, share, link } = shared;
  const close = () => {
    setCopied(false);
    useSessionStore.getState().closeShare();
  };
  return (
    <ModalDialog label="Share this session" className="session-share-dialog" onClose={close}>
      <header>
        <h2>Share this session</h2>
      </header>
      <p>
        The database (
        {session.database.kind === "embedded"
          ? `${session.database.name}, inside the session`
          : session.database.kind === "not-included"
            ? `${session.database.name}, named only`
            : session.database.kind === "url"
              ? session.database.url
              : `the ${session.database.name} sample`}
        ), the question, the pruning, the whole trace and the final SQL, as made under <strong>{DATA_SHARING_LABELS[session.sharing]}</strong>. No API key.
      </p>
      <RemovedList removed={session.removed} />
      {link ? (
        <>
          <label>
            Session link ({formatCount(link.length)} characters; the session is in the part after #, which no server receives)
            <textarea readOnly value={link} onFocus={(event) => event.target.select()} />
          </label>
        </>
      ) : (
        <p role="status">
          Too long for a link ({share.kind === "file" ? formatCount(share.payloadCharacters) : "?"} characters compressed; a link carries up to{" "}
          {formatCount(shared.linkLimit)}). Save it as a file: open it with <em>Open session</em>, or host it and share <code>{shared.fileAddress}</code> with
          the file's address in place of the dots (on another site than this page's, the host must allow cross-origin reads).
        </p>
      )}
      <footer className="dialog-actions">
        {link && (
          <button
            type="button"
            className="primary"
            onClick={() =>
              void navigator.clipboard?.writeText(link).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? "Copied" : "Copy link"}
          </button>
        )}
        <button type="button" className={link ? "" : "primary"} onClick={() => void useSessionStore.getState().saveSharedFile()}>
          Save session file
        </button>
        <button type="button" onClick={close}>
          Close
        </button>
      </footer>
    </ModalDialog>
  );
}

/** Above a session opened from a link or a file: what it is, what it leaves out, and why rows may be missing. */
export function SessionBanner() {
  const opened = useSessionStore((state) => state.opened);
  const traceId = useAgentStore((state) => state.trace?.id);
  if (!opened || opened.traceId !== traceId) return null;
  return (
    <section className="session-banner" aria-label="Shared session">
      <p>
        A shared session, replayed here without a model or a key; made under <strong>{DATA_SHARING_LABELS[opened.sharing]}</strong>. Step through it with ◀ ▶.
      </p>
      {opened.removed.length > 0 && <RemovedList removed={opened.removed} />}
      {opened.databaseNote && <p role="status">{opened.databaseNote}</p>}
    </section>
  );
}
