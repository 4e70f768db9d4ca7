/** Hands bytes to the browser's download manager under `name`, through a temporary object URL. */
export function saveFile(bytes: Uint8Array | string, name: string): void {
  const blob = new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], {
    type: "application/octet-stream",
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the URL to the download manager.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
