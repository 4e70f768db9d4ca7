/** A new task, without the 4 ms a chain of timers is clamped to: the browser may paint or answer a tap first. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
