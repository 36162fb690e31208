// A button that opens the browser's file picker (the input itself stays hidden but keeps its accessible name).
import { useRef, type ReactNode } from "react";

export function FilePickerButton({
  children,
  inputLabel,
  accept,
  directory = false,
  onFiles,
}: {
  children: ReactNode;
  inputLabel: string;
  accept?: string;
  /** Pick a whole folder (webkitdirectory) instead of one file. */
  directory?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => input.current?.click()}>
        {children}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={inputLabel}
        accept={accept}
        {...(directory ? ({ webkitdirectory: "", directory: "" } as Record<string, string>) : {})}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so that choosing the same file again still fires a change.
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
