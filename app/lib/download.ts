/** Hands a file built in the browser to the writer's downloads (a Blob behind a temporary link). */

/** Long enough for the browser to start reading the file; then the object URL is released. */
const REVOKE_AFTER_MS = 10_000;

export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export function downloadText(name: string, content: string, type: string): void {
  downloadBlob(name, new Blob([content], { type: `${type};charset=utf-8` }));
}
