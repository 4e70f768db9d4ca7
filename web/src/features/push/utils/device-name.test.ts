import { describe, expect, it } from "vitest";
import { defaultDeviceName } from "./device-name";

describe("the name a device is offered", () => {
  it("names the browser and the system", () => {
    const cases: [string, string][] = [
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
        "Chrome on Android",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Safari on iPhone",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
        "Edge on Windows",
      ],
      ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox on Mac"],
    ];
    for (const [agent, name] of cases) expect(defaultDeviceName(agent)).toBe(name);
  });

  it("says 'This device' when it recognises neither", () => {
    expect(defaultDeviceName("curl/8.0")).toBe("This device");
  });
});
