/** A matchMedia that answers width queries from a width the test sets (jsdom has none). */
let width = 1024;
const lists = new Set<{ media: string; notify: () => void }>();

function matches(media: string): boolean {
  const max = /max-width:\s*(\d+)px/.exec(media);
  const min = /min-width:\s*(\d+)px/.exec(media);
  if (max && width > Number(max[1])) return false;
  if (min && width < Number(min[1])) return false;
  return Boolean(max || min);
}

export function installMatchMedia(): void {
  window.matchMedia = (media: string) => {
    const listeners = new Set<(event: MediaQueryListEvent) => void>();
    const entry = {
      media,
      notify: () =>
        listeners.forEach((listener) => listener({ matches: matches(media), media } as MediaQueryListEvent)),
    };
    return {
      media,
      get matches() {
        return matches(media);
      },
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        listeners.add(listener);
        lists.add(entry);
      },
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        listeners.delete(listener);
      },
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
}

/** Sets the viewport width seen by matchMedia and tells every listener. */
export function setViewportWidth(next: number): void {
  width = next;
  lists.forEach((entry) => entry.notify());
}
