// The top bar's database picker: samples, recent databases, open a file or URL, new, import a table, download.
import { FilePickerButton } from "../common/file-picker-button";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { connectSourcesInForce, isConnectAllowed } from "../../browser/content-security";
import { useDatabaseStore } from "../../state/database-store";
import { withSessionStore } from "../../state/session-store-on-demand";
import { formatBytes, formatCountOf } from "../../core/format";
import { checkDatabaseUrl } from "../../browser/fetch-database";
import { MAX_DATABASE_BYTES } from "../../core/db/sqljs-engine";
import { KeepCopyDialog } from "./keep-copy-dialog";

const DATABASE_ACCEPT = ".sqlite,.sqlite3,.db,.db3,.s3db,.sl3,application/vnd.sqlite3,application/x-sqlite3";
const TABLE_ACCEPT = ".csv,.tsv,.tab,.txt,.json,text/csv,text/tab-separated-values,application/json";

/** A dialog of the menu; rendered only while open (its content is built only then: see DatabaseMenu). */
function Dialog({ label, onClose, children }: { label: string; onClose: () => void; children: React.ReactNode }) {
  return (
    <div className="dialog-backdrop" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label={label}
        className="dialog"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.key === "Escape" && onClose()}
      >
        <header>
          <h2>{label}</h2>
          <button type="button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}

export function DatabaseMenu() {
  const current = useDatabaseStore((state) => state.current);
  const samples = useDatabaseStore((state) => state.samples);
  const recent = useDatabaseStore((state) => state.recent);
  const actions = useDatabaseStore.getState();
  const [openDialog, setOpenDialog] = useState<"samples" | "recent" | "url" | null>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  // Focused by hand: preact/compat only writes the autofocus attribute, which the browser ignores after the page's load.
  useEffect(() => {
    if (openDialog === "url") urlInput.current?.focus();
  }, [openDialog]);
  const [url, setUrl] = useState("");
  const close = () => setOpenDialog(null);

  const submitUrl = async (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() === "") return;
    close();
    const allowed = connectSourcesInForce();
    // Only an http(s) address is worth a reload; openUrl refuses any other with the reason.
    if (allowed && checkDatabaseUrl(url.trim()).ok && !isConnectAllowed(url.trim(), allowed)) {
      // The page may not fetch from a new site it did not start with; open it through the address instead.
      const address = new URL(location.href);
      address.searchParams.set("db", url.trim());
      location.assign(address);
      return;
    }
    await actions.openUrl(url.trim());
  };

  return (
    <div className="database-menu">
      <span className="current-database" aria-label="Open database">
        <strong>{current?.name ?? "No database"}</strong>
      </span>
      <button type="button" onClick={() => setOpenDialog("samples")}>
        Samples
      </button>
      <button type="button" onClick={() => setOpenDialog("recent")}>
        Recent
      </button>
      <FilePickerButton inputLabel="Database file" accept={`${DATABASE_ACCEPT},${TABLE_ACCEPT}`} onFiles={([file]) => void actions.openFile(file)}>
        Open file
      </FilePickerButton>
      <button type="button" onClick={() => setOpenDialog("url")}>
        Open URL
      </button>
      <button type="button" onClick={() => void actions.newDatabase()}>
        New
      </button>
      <FilePickerButton inputLabel="Table file (CSV, TSV or JSON)" accept={TABLE_ACCEPT} onFiles={([file]) => void actions.importFile(file)}>
        Import table
      </FilePickerButton>
      <button type="button" onClick={() => void actions.downloadCurrent()} disabled={!current}>
        Download
      </button>
      <FilePickerButton inputLabel="Session file" accept=".json,application/json" onFiles={([file]) => void withSessionStore((store) => store.openFile(file))}>
        Open session
      </FilePickerButton>

      <KeepCopyDialog />

      {/* Each dialog's content is built only while it is open: the sample list's counts and the recent list's dates were
      formatted on every render of the menu, and the first count or date a page formats loads the runtime's number or date
      data (~13-38 ms traced, in the render that showed the page ready). */}
      {openDialog === "samples" && (
        <Dialog label="Sample databases" onClose={close}>
          <ul className="sample-gallery">
            {samples.map((sample) => (
              <li key={sample.id}>
                <h3>{sample.title}</h3>
                <p>{sample.description}</p>
                <p className="muted">
                  {formatCountOf(sample.tables, "table")} · {formatCountOf(sample.rows, "row")} · {formatBytes(sample.bytes)}
                </p>
                <button
                  type="button"
                  aria-label={`Open ${sample.title}`}
                  onClick={() => {
                    close();
                    void actions.openSample(sample);
                  }}
                >
                  Open
                </button>
              </li>
            ))}
          </ul>
          <p className="muted">Synthetic data made by scripts/generate-samples.ts; each opens as a fresh copy kept in this browser.</p>
        </Dialog>
      )}

      {openDialog === "recent" && (
        <Dialog label="Recent databases" onClose={close}>
          {recent.length === 0 ? (
            <p className="muted">Databases you open are kept in this browser and listed here.</p>
          ) : (
            <ul className="recent-list">
              {recent.map((entry) => (
                <li key={entry.id}>
                  <span>
                    <strong>{entry.name}</strong>
                    <span className="muted">
                      {" "}
                      {entry.source} · {formatBytes(entry.sizeBytes)} · changed {new Date(entry.updatedAt).toLocaleString()}
                    </span>
                  </span>
                  {entry.id === current?.id ? (
                    <span className="tag">open</span>
                  ) : (
                    <>
                      <button
                        type="button"
                        aria-label={`Reopen ${entry.name}`}
                        onClick={() => {
                          close();
                          void actions.reopenRecent(entry.id);
                        }}
                      >
                        Open
                      </button>
                      <button type="button" aria-label={`Delete ${entry.name}`} onClick={() => void actions.deleteRecent(entry.id)}>
                        Delete
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      )}

      {openDialog === "url" && (
        <Dialog label="Open a database from a URL" onClose={close}>
          <form onSubmit={submitUrl} className="url-form">
            <label>
              Database URL
              <input
                type="url"
                required
                placeholder="https://example.org/data.sqlite"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                ref={urlInput}
              />
            </label>
            <button type="submit" className="primary">
              Open
            </button>
            <p className="muted">
              The page downloads the file itself (http or https, up to {formatBytes(MAX_DATABASE_BYTES)}); the server must allow cross-origin requests. When the
              server answers range requests, a large database (any size) is read on demand instead, read-only: only the pages a query needs. A link with ?db=URL
              opens it directly.
            </p>
          </form>
        </Dialog>
      )}
    </div>
  );
}
